import type { MentionNameLookup } from "./mention-format";
import { mentionText, mentionValueOf } from "./mentions";
import { DIFF_DELETE, DIFF_EQUAL } from "@sanity/diff-match-patch";
import Delta from "quill-delta";
import { diffDocuments, diffTexts } from "./bounded-diff";

/** A Quill delta as stored (the shape of documents.content and revisions.delta). */
interface StoredDelta {
  ops: Array<{ insert?: unknown; delete?: number; retain?: number | Record<string, unknown>; attributes?: Record<string, unknown> }>;
}

/** A run of text in a comparison: unchanged, only in the newer text, only in the older, or reformatted. */
export interface DiffSegment {
  kind: "same" | "inserted" | "deleted" | "formatted";
  text: string;
}

export interface RevisionDiff {
  segments: DiffSegment[];
  /** Characters inserted and deleted (an embed counts as one). */
  inserted: number;
  deleted: number;
}

interface Token {
  text: string;
  /** The text with its formats (and an embed's value): equal keys are the same token. */
  key: string;
  size: number;
}

// Words, runs of white space, and single other characters: a changed word reads as a whole word.
const TOKEN = /[\p{L}\p{N}_]+|\s+|[^\p{L}\p{N}_\s]/gu;
// Tokens are diffed as one UTF-16 code unit each, below the surrogate range.
const FIRST_CODE = 0x100;
const MAX_DISTINCT_TOKENS = 0xd800 - FIRST_CODE;

/**
 * What changed from `older` to `newer` (both sanitised document deltas), word by word, as runs
 * of text for a read-only view. Each word, space run, punctuation mark or embed (with its
 * formats) becomes one symbol, and a diff bounded in time (shared/bounded-diff.ts) compares the two symbol strings; a
 * word deleted and inserted again with other formats reads as "formatted". Embeds read as
 * "[image]", "[formula]", "[video]"; a mention as "@" and the member's current name (`mentionName`,
 * else its stored one), the same person being the same token whatever the name. A text with more distinct words than symbols available is
 * compared character by character instead.
 */
export function diffRevision(older: StoredDelta, newer: StoredDelta, mentionName: MentionNameLookup = () => null): RevisionDiff {
  const codes = new Map<string, string>();
  const from = tokensOf(older, mentionName);
  const to = tokensOf(newer, mentionName);
  const encode = (tokens: Token[]) => tokens.map((t) => codes.get(t.key) ?? assign(codes, t.key)).join("");
  const encodedFrom = encode(from);
  const encodedTo = encode(to);
  if (codes.size > MAX_DISTINCT_TOKENS) return diffByCharacter(older, newer);

  const entries: Array<{ kind: "same" | "inserted" | "deleted"; token: Token }> = [];
  let oldIndex = 0;
  let newIndex = 0;
  for (const [kind, run] of diffTexts(encodedFrom, encodedTo)) {
    if (kind === DIFF_EQUAL) {
      for (let i = 0; i < run.length; i += 1) entries.push({ kind: "same", token: from[oldIndex++]! });
      newIndex += run.length;
    } else if (kind === DIFF_DELETE) {
      for (let i = 0; i < run.length; i += 1) entries.push({ kind: "deleted", token: from[oldIndex++]! });
    } else {
      for (let i = 0; i < run.length; i += 1) entries.push({ kind: "inserted", token: to[newIndex++]! });
    }
  }
  return collect(entries);
}

function assign(codes: Map<string, string>, key: string): string {
  const code = String.fromCharCode(FIRST_CODE + (codes.size % MAX_DISTINCT_TOKENS));
  codes.set(key, code);
  return code;
}

function tokensOf(delta: StoredDelta, mentionName: MentionNameLookup): Token[] {
  const tokens: Token[] = [];
  delta.ops.forEach((op, index) => {
    const formats = op.attributes ? JSON.stringify(op.attributes) : "";
    const row = op.attributes?.table;
    const mention = mentionValueOf(op.insert);
    if (typeof op.insert === "string" && row !== undefined) {
      // Table cells (shared/table-rules.ts) read as rows: cells of a row joined by " | ", a line per row.
      const lines = op.insert.split("\n");
      lines.forEach((line, at) => {
        for (const [text] of line.matchAll(TOKEN)) tokens.push({ text, key: `${text}\u0000${formats}`, size: text.length });
        if (at === lines.length - 1) return;
        const endsRow = at < lines.length - 2 ? false : nextLineRow(delta.ops, index) !== row;
        tokens.push({ text: endsRow ? "\n" : " | ", key: `\n\u0000${formats}`, size: 1 });
      });
    } else if (typeof op.insert === "string") {
      for (const [text] of op.insert.matchAll(TOKEN)) tokens.push({ text, key: `${text}\u0000${formats}`, size: text.length });
    } else if (mention) {
      tokens.push({ text: mentionText(mention, mentionName(mention.id)), key: `\u0002${mention.id}\u0000${formats}`, size: 1 });
    } else if (op.insert && typeof op.insert === "object") {
      tokens.push({ text: `[${Object.keys(op.insert)[0] ?? "embed"}]`, key: `\u0001${JSON.stringify(op.insert)}\u0000${formats}`, size: 1 });
    }
  });
  return tokens;
}

/** The row id of the line that ends after op `index` (undefined when it is not a table cell). */
function nextLineRow(ops: StoredDelta["ops"], index: number): unknown {
  for (let at = index + 1; at < ops.length; at += 1) {
    const op = ops[at];
    if (typeof op?.insert === "string" && op.insert.includes("\n")) return op.attributes?.table;
  }
  return undefined;
}

/** Merges token entries into runs; words both deleted and inserted again in one changed run are "formatted". */
function collect(entries: Array<{ kind: "same" | "inserted" | "deleted"; token: Token }>): RevisionDiff {
  const segments: DiffSegment[] = [];
  let inserted = 0;
  let deleted = 0;
  const push = (kind: DiffSegment["kind"], text: string) => {
    const last = segments.at(-1);
    if (last?.kind === kind) last.text += text;
    else if (text) segments.push({ kind, text });
  };
  for (let i = 0; i < entries.length; ) {
    const entry = entries[i]!;
    if (entry.kind === "same") {
      push("same", entry.token.text);
      i += 1;
      continue;
    }
    // A changed run (the diff may put its insertions before or after its deletions): the old
    // words first, then the new.
    const removed: Token[] = [];
    const added: Token[] = [];
    for (; entries[i] && entries[i]!.kind !== "same"; i += 1) (entries[i]!.kind === "deleted" ? removed : added).push(entries[i]!.token);
    let same = 0;
    while (same < removed.length && same < added.length && removed[same]!.text === added[same]!.text) push("formatted", removed[same++]!.text);
    for (const token of removed.slice(same)) {
      deleted += token.size;
      push("deleted", token.text);
    }
    for (const token of added.slice(same)) {
      inserted += token.size;
      push("inserted", token.text);
    }
  }
  return { segments, inserted, deleted };
}

/** The character-level comparison, for texts with too many distinct words to diff by word. */
function diffByCharacter(older: StoredDelta, newer: StoredDelta): RevisionDiff {
  const from = new Delta(older.ops as Delta["ops"]);
  const entries: Array<{ kind: "same" | "inserted" | "deleted"; token: Token }> = [];
  let offset = 0;
  const textOf = (part: Delta) => part.ops.map((op) => (typeof op.insert === "string" ? op.insert : "[embed]")).join("");
  for (const op of diffDocuments(from, new Delta(newer.ops as Delta["ops"])).ops) {
    if (op.insert !== undefined) {
      const text = typeof op.insert === "string" ? op.insert : "[embed]";
      entries.push({ kind: "inserted", token: { text, key: "", size: typeof op.insert === "string" ? op.insert.length : 1 } });
    } else if (typeof op.delete === "number") {
      entries.push({ kind: "deleted", token: { text: textOf(from.slice(offset, offset + op.delete)), key: "", size: op.delete } });
      offset += op.delete;
    } else if (typeof op.retain === "number") {
      entries.push({ kind: "same", token: { text: textOf(from.slice(offset, offset + op.retain)), key: "", size: op.retain } });
      offset += op.retain;
    }
  }
  if (offset < from.length()) entries.push({ kind: "same", token: { text: textOf(from.slice(offset)), key: "", size: from.length() - offset } });
  return collect(entries);
}
