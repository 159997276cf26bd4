import type { CommentBody, CommentBodyOp, CommentTextAttributes } from "@/shared/comments/comment-dto";
import { commentBodyText, isText, mergeOps } from "@/shared/comments/comment-markup";
import { MENTION_EMBED, mentionValueOf } from "@/shared/mentions";
import { COMMENT_FORMATS, MAX_COMMENT_CHARS } from "@/shared/comments/comment-rules";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { validationError } from "@/server/errors";

/**
 * A comment body made safe to store and show (docs/product.md "Comments"): the document body's
 * sanitiser first (the same link rule, control characters removed), then only text with bold,
 * italic, code and links is kept, with member mentions (well-formed ones, shared/mentions.ts;
 * kept whether or not the person is still a member), blank lines at the ends trimmed, and the
 * length checked (a mention counts as its "@Name").
 * @throws AppError validation_failed (empty, or longer than MAX_COMMENT_CHARS)
 */
export function sanitizeCommentBody(input: unknown): CommentBody {
  const { delta } = sanitizeDelta(input);
  const ops: CommentBodyOp[] = [];
  for (const op of delta.ops) {
    if (typeof op.insert !== "string") {
      const mention = mentionValueOf(op.insert);
      if (mention) ops.push({ insert: { [MENTION_EMBED]: mention } });
      continue; // images, formulas: not in comments
    }
    const attributes: CommentTextAttributes = {};
    for (const name of COMMENT_FORMATS) {
      const value = op.attributes?.[name];
      if (name === "link" && typeof value === "string") attributes.link = value;
      else if (name !== "link" && value === true) attributes[name] = true;
    }
    ops.push(Object.keys(attributes).length > 0 ? { insert: op.insert, attributes } : { insert: op.insert });
  }
  const trimmed = trimEnds(mergeOps(ops));
  const length = commentBodyText({ ops: trimmed }).length;
  if (length === 0 || trimmed.every((op) => isText(op) && op.insert.trim() === "")) throw validationError({ body: "Write something first." }, "A comment can't be empty.");
  if (length > MAX_COMMENT_CHARS) {
    throw validationError({ body: `Comments are at most ${MAX_COMMENT_CHARS.toLocaleString("en")} characters (this one has ${length.toLocaleString("en")}).` }, "This comment is too long.");
  }
  return { ops: trimmed };
}

function trimEnds(ops: CommentBodyOp[]): CommentBodyOp[] {
  const result = ops.map((op) => ({ ...op }));
  const first = result[0];
  if (first && isText(first)) first.insert = first.insert.replace(/^\s+/, "");
  const last = result.at(-1);
  if (last && isText(last)) last.insert = last.insert.replace(/\s+$/, "");
  return result.filter((op) => op.insert !== "");
}
