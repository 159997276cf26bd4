import type { CommentBody, CommentBodyOp, CommentTextAttributes, CommentTextOp } from "./comment-dto";
import type { MentionNameLookup } from "@/shared/mention-format";
import type { MentionValue } from "@/shared/mentions";
import { MENTION_EMBED, mentionText } from "@/shared/mentions";

type Attributes = CommentTextAttributes;

// One inline mark at a time, the first that starts earliest: a backslash escape, `code`,
// **bold**, *italic* or _italic_ (not inside a word: snake_case stays text), [label](address),
// or a bare http(s) address (its trailing punctuation stays text, as in a sentence).
const INLINE =
  /\\([*_`[\]\\])|`([^`\n]+)`|\*\*(.+?)\*\*(?!\*)|\*([^*\n]+?)\*|(?<![\p{L}\p{N}])_([^_\n]+?)_(?![\p{L}\p{N}])|\[([^\]\n]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"])/gu;

/**
 * The comment composer's text as a comment body: a plain textarea with Markdown's inline marks
 * (`code`, **bold**, *italic*, [label](address), bare addresses). The server sanitises the result
 * again (services/comments/internal/comment-body.ts), so this only has to be convenient.
 * `mentions` are the people picked with "@" in the composer: each "@Name" of theirs in the text
 * becomes their mention (outside any mark); any other "@word" stays text.
 */
export function parseCommentMarkup(text: string, mentions: readonly MentionValue[] = []): CommentBody {
  const ops: CommentBodyOp[] = [];
  const tokens = new Map(mentions.map((mention) => [mentionText(mention), mention]));
  // Longest first, so "@Ann Lee" wins over "@Ann" where both were picked.
  const pattern = [...tokens.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp).join("|");
  let last = 0;
  if (pattern) {
    for (const match of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, "gu"))) {
      const index = match.index ?? 0;
      const mention = tokens.get(match[0]);
      if (!mention) continue;
      appendInline(text.slice(last, index), {}, ops);
      ops.push({ insert: { [MENTION_EMBED]: { id: mention.id, name: mention.name } } });
      last = index + match[0].length;
    }
  }
  appendInline(text.slice(last), {}, ops);
  return { ops: mergeOps(ops) };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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

/** Joins text neighbours with the same attributes: one op per run, as Quill would store it (mentions stay apart). */
export function mergeOps(ops: CommentBodyOp[]): CommentBodyOp[] {
  const merged: CommentBodyOp[] = [];
  for (const op of ops) {
    const previous = merged.at(-1);
    if (previous && isText(previous) && isText(op) && sameAttributes(previous.attributes, op.attributes)) previous.insert += op.insert;
    else merged.push({ ...op });
  }
  return merged;
}

export function isText(op: CommentBodyOp): op is CommentTextOp {
  return typeof op.insert === "string";
}

function sameAttributes(a: Attributes | undefined, b: Attributes | undefined): boolean {
  const left = a ?? {};
  const right = b ?? {};
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]) as Set<keyof Attributes>;
  return [...keys].every((key) => left[key] === right[key]);
}

/**
 * A comment body back as the composer's text (for editing), mentions as "@" and their names
 * (`currentName`'s, else the stored one): parseCommentMarkup reads it, with commentBodyMentions'
 * list, as the same body.
 */
export function commentBodyToMarkup(body: CommentBody, currentName: MentionNameLookup = () => null): string {
  return body.ops
    .map((op) => {
      if (!isText(op)) return mentionText(op.insert.mention, currentName(op.insert.mention.id));
      const { insert, attributes = {} } = op;
      let text = attributes.code ? `\`${insert}\`` : insert.replace(/[*_`[\]\\]/g, (c) => `\\${c}`);
      if (attributes.italic) text = `*${text}*`;
      if (attributes.bold) text = `**${text}**`;
      if (attributes.link && !(attributes.link === insert && !attributes.code && !attributes.bold && !attributes.italic)) text = `[${text}](${attributes.link})`;
      return text;
    })
    .join("");
}

/** The people a body mentions, named as commentBodyToMarkup writes them (the composer's picked list when editing). */
export function commentBodyMentions(body: CommentBody, currentName: MentionNameLookup = () => null): MentionValue[] {
  return body.ops.flatMap((op) => (isText(op) ? [] : [{ id: op.insert.mention.id, name: currentName(op.insert.mention.id) ?? op.insert.mention.name }]));
}

/** The body's plain text, a mention as "@Name" (webhook-free places: previews, the length limit). */
export function commentBodyText(body: CommentBody): string {
  return body.ops.map((op) => (isText(op) ? op.insert : mentionText(op.insert.mention))).join("");
}
