import { MAX_TITLE_CHARS } from "@/shared/editor-rules";
import type { BodyDelta, BodyOp } from "@/server/body/sanitize-delta";

/** A document's title and the body left once the title's heading is taken out. */
export interface TitledBody {
  title: string;
  body: BodyDelta;
}

/**
 * The title of an imported document: the text of its first line when that line is a level-1
 * heading (the line then leaves the body), else `fallback` (the file name without extension).
 * Titles are trimmed, kept to one line without control characters and cut to 200 characters.
 */
export function takeTitle(delta: BodyDelta, fallback: string): TitledBody {
  const firstLine: BodyOp[] = [];
  for (let index = 0; index < delta.ops.length; index += 1) {
    const op = delta.ops[index];
    if (!op) break;
    if (typeof op.insert !== "string" || !op.insert.includes("\n")) {
      firstLine.push(op);
      continue;
    }
    if (op.attributes?.header !== 1) break;
    const cut = op.insert.indexOf("\n");
    const title = clampTitle([...firstLine, { insert: op.insert.slice(0, cut) }].map((o) => (typeof o.insert === "string" ? o.insert : "")).join(""));
    if (!title) break;
    const rest = op.insert.slice(cut + 1);
    const tail = delta.ops.slice(index + 1);
    return { title, body: { ops: rest ? [{ ...op, insert: rest }, ...tail] : tail } };
  }
  return { title: clampTitle(fallback), body: delta };
}

// A title is one line: whitespace runs become a space, other control characters (NUL…) go.
function clampTitle(text: string): string {
  return text.replace(/\s+/g, " ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim().slice(0, MAX_TITLE_CHARS).trim();
}
