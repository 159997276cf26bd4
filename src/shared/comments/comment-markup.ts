import type { CommentBody, CommentBodyOp } from "./comment-dto";

type Attributes = NonNullable<CommentBodyOp["attributes"]>;

// One inline mark at a time, the first that starts earliest: a backslash escape, `code`,
// **bold**, *italic* or _italic_ (not inside a word: snake_case stays text), [label](address),
// or a bare http(s) address (its trailing punctuation stays text, as in a sentence).
const INLINE =
  /\\([*_`[\]\\])|`([^`\n]+)`|\*\*(.+?)\*\*(?!\*)|\*([^*\n]+?)\*|(?<![\p{L}\p{N}])_([^_\n]+?)_(?![\p{L}\p{N}])|\[([^\]\n]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"])/gu;

/**
 * The comment composer's text as a comment body: a plain textarea with Markdown's inline marks
 * (`code`, **bold**, *italic*, [label](address), bare addresses). The server sanitises the result
 * again (services/comments/internal/comment-body.ts), so this only has to be convenient.
 */
export function parseCommentMarkup(text: string): CommentBody {
  const ops: CommentBodyOp[] = [];
  appendInline(text, {}, ops);
  return { ops: mergeOps(ops) };
}

function appendInline(text: string, attributes: Attributes, ops: CommentBodyOp[]): void {
  let last = 0;
  for (const match of text.matchAll(new RegExp(INLINE.source, INLINE.flags))) {
    const index = match.index ?? 0;
    push(ops, text.slice(last, index), attributes);
    last = index + match[0].length;
    const [, escaped, code, bold, starItalic, underscoreItalic, label, address, bare] = match;
    if (escaped !== undefined) push(ops, escaped, attributes);
    else if (code !== undefined) push(ops, code, { ...attributes, code: true });
    else if (bold !== undefined) appendInline(bold, { ...attributes, bold: true }, ops);
    else if (starItalic !== undefined || underscoreItalic !== undefined) appendInline(starItalic ?? underscoreItalic ?? "", { ...attributes, italic: true }, ops);
    else if (label !== undefined && address !== undefined) appendInline(label, { ...attributes, link: address }, ops);
    else if (bare !== undefined) push(ops, bare, { ...attributes, link: bare });
  }
  push(ops, text.slice(last), attributes);
}

function push(ops: CommentBodyOp[], insert: string, attributes: Attributes): void {
  if (insert === "") return;
  ops.push(Object.keys(attributes).length > 0 ? { insert, attributes: { ...attributes } } : { insert });
}

/** Joins neighbours with the same attributes: one op per run, as Quill would store it. */
export function mergeOps(ops: CommentBodyOp[]): CommentBodyOp[] {
  const merged: CommentBodyOp[] = [];
  for (const op of ops) {
    const previous = merged.at(-1);
    if (previous && sameAttributes(previous.attributes, op.attributes)) previous.insert += op.insert;
    else merged.push({ ...op });
  }
  return merged;
}

function sameAttributes(a: Attributes | undefined, b: Attributes | undefined): boolean {
  const left = a ?? {};
  const right = b ?? {};
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]) as Set<keyof Attributes>;
  return [...keys].every((key) => left[key] === right[key]);
}

/** A comment body back as the composer's text (for editing): parseCommentMarkup reads it as the same body. */
export function commentBodyToMarkup(body: CommentBody): string {
  return body.ops
    .map(({ insert, attributes = {} }) => {
      let text = attributes.code ? `\`${insert}\`` : insert.replace(/[*_`[\]\\]/g, (c) => `\\${c}`);
      if (attributes.italic) text = `*${text}*`;
      if (attributes.bold) text = `**${text}**`;
      if (attributes.link && !(attributes.link === insert && !attributes.code && !attributes.bold && !attributes.italic)) text = `[${text}](${attributes.link})`;
      return text;
    })
    .join("");
}

/** The body's plain text (webhook-free places: previews, the length limit). */
export function commentBodyText(body: CommentBody): string {
  return body.ops.map((op) => op.insert).join("");
}
