// Keystrokes typed against keystrokes stored, for `npm run soak` (issue 13.8). Each soak client
// types on a line of its own that starts with its marker, so its characters can be found and
// counted exactly in a document's stored text, whatever the other clients did around them.

/** The text one client typed after its marker (letters and spaces: never a digit or newline). */
export interface TypedLine {
  marker: string;
  typed: string;
}

export interface LineTally {
  marker: string;
  typed: number;
  /** Characters of `typed` found in order from the line's start (a lost update loses all after it). */
  stored: number;
  /** The stored line is exactly what was typed. */
  exact: boolean;
  /** How many stored lines carry this marker (1; 0 when lost, 2+ when duplicated). */
  copies: number;
}

export interface StoreTally {
  typed: number;
  stored: number;
  lines: LineTally[];
  /** Lines not stored exactly as typed. */
  inexact: LineTally[];
}

/** A client's marker: unique per generator process and client, and never typed by a client. */
export function soakMarker(pid: number, index: number): string {
  return `#soak-${pid}-${index}: `;
}

/**
 * Counts, for each typed line, how much of it `storedText` holds: the line that starts with its
 * marker, compared with what was typed. `storedText` is the concatenation of every document's
 * stored text (markers are unique across documents).
 */
export function tallyStored(storedText: string, typedLines: readonly TypedLine[]): StoreTally {
  const byMarker = new Map<string, string[]>();
  for (const line of storedText.split("\n")) {
    const marker = /^#soak-\d+-\d+: /.exec(line)?.[0];
    if (!marker) continue;
    byMarker.set(marker, [...(byMarker.get(marker) ?? []), line.slice(marker.length)]);
  }
  const lines = typedLines.map(({ marker, typed }): LineTally => {
    const found = byMarker.get(marker) ?? [];
    const content = found[0] ?? "";
    const stored = found.length === 0 ? 0 : commonPrefixLength(content, typed);
    return { marker, typed: typed.length, stored, exact: found.length === 1 && content === typed, copies: found.length };
  });
  return {
    typed: lines.reduce((sum, line) => sum + line.typed, 0),
    stored: lines.reduce((sum, line) => sum + line.stored, 0),
    lines,
    inexact: lines.filter((line) => !line.exact),
  };
}

function commonPrefixLength(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let i = 0;
  while (i < length && a.charCodeAt(i) === b.charCodeAt(i)) i += 1;
  return i;
}

/** The plain text of a Quill delta (string inserts; embeds are one object each and carry no typed text). */
export function deltaText(delta: { ops?: ReadonlyArray<{ insert?: unknown }> }): string {
  return (delta.ops ?? []).map((op) => (typeof op.insert === "string" ? op.insert : "\u{FFFC}")).join("");
}
