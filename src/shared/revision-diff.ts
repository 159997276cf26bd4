import Delta from "quill-delta";
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

/**
 * What changed from `older` to `newer` (both sanitised document deltas), as runs of text for
 * a read-only view: Delta's diff (fast-diff underneath) walked over the older text. Embeds read
 * as "[image]" / "[formula]" / "[video]". Plain data: the page renders it as <ins>/<del>.
 */
export function diffRevision(older: StoredDelta, newer: StoredDelta): RevisionDiff {
  const from = new Delta(older.ops as Delta["ops"]);
  const change = from.diff(new Delta(newer.ops as Delta["ops"]));
  const segments: DiffSegment[] = [];
  let inserted = 0;
  let deleted = 0;
  let offset = 0;
  const push = (kind: DiffSegment["kind"], text: string) => {
    if (!text) return;
    const last = segments.at(-1);
    if (last?.kind === kind) last.text += text;
    else segments.push({ kind, text });
  };
  for (const op of change.ops) {
    if (op.insert !== undefined) {
      const text = textOf(op.insert);
      inserted += typeof op.insert === "string" ? op.insert.length : 1;
      push("inserted", text);
    } else if (typeof op.delete === "number") {
      push("deleted", textOf(from.slice(offset, offset + op.delete)));
      deleted += op.delete;
      offset += op.delete;
    } else if (typeof op.retain === "number") {
      push(op.attributes ? "formatted" : "same", textOf(from.slice(offset, offset + op.retain)));
      offset += op.retain;
    }
  }
  push("same", textOf(from.slice(offset)));
  return { segments, inserted, deleted };
}

function textOf(value: Delta | string | Record<string, unknown>): string {
  if (typeof value === "string") return value;
  if (!(value instanceof Delta)) return `[${Object.keys(value)[0] ?? "embed"}]`;
  return value.ops.map((op) => (op.insert === undefined ? "" : textOf(op.insert))).join("");
}
