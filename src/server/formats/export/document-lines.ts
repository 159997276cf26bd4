import type { EmbedValue } from "@/server/body/editor-formats";
import type { BodyAttributes, BodyDelta } from "@/server/body/sanitize-delta";

/** A piece of a line: text, or an embed (`{ image }`, `{ formula }`), with its inline formats. */
export interface InlineRun {
  insert: string | Record<string, EmbedValue>;
  attributes: BodyAttributes;
}

/** One line of a Quill document: its inline runs and the block formats its "\n" carries. */
export interface DocumentLine {
  runs: InlineRun[];
  /** header, list, indent, align, blockquote, code-block. */
  attributes: BodyAttributes;
}

/**
 * Splits a document delta into Quill's lines: block formats live on the "\n" that ends a
 * line, inline formats on the runs before it. A last line without "\n" (never stored by
 * Quill, possible in an API delta) is kept with no block formats. Pure.
 */
export function documentLines(delta: BodyDelta): DocumentLine[] {
  const lines: DocumentLine[] = [];
  let runs: InlineRun[] = [];
  for (const op of delta.ops) {
    const attributes = op.attributes ?? {};
    if (typeof op.insert !== "string") {
      runs.push({ insert: op.insert, attributes });
      continue;
    }
    const parts = op.insert.split("\n");
    parts.forEach((part, index) => {
      if (part) runs.push({ insert: part, attributes });
      if (index === parts.length - 1) return;
      lines.push({ runs, attributes });
      runs = [];
    });
  }
  if (runs.length > 0) lines.push({ runs, attributes: {} });
  return lines;
}
