import type { Delta } from "quill";

/** What marks an embed (image, formula) in a line's text, so positions stay Quill's indices. */
const EMBED = "\uFFFC";

/**
 * The text of one line of the editor, without its newline, read from the line's own blot (its
 * delta is cached by Quill): the cost is the line's, never the document's. Null for a line
 * that is itself an embed.
 */
export function lineText(line: unknown): string | null {
  if (!hasDelta(line)) return null;
  let text = "";
  for (const op of line.delta().ops) text += typeof op.insert === "string" ? op.insert : EMBED;
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}

function hasDelta(line: unknown): line is { delta(): Delta } {
  return typeof line === "object" && line !== null && typeof (line as { delta?: unknown }).delta === "function";
}
