import type { CommentDto, CommentThreadDto } from "@/shared/comments/comment-dto";
import { commentBodyText } from "@/shared/comments/comment-markup";
import { normalizeQuote } from "@/shared/comments/comment-quote";

/** How much of a quote or a comment's text a button's name repeats: enough to tell them apart. */
const NAMED_CHARS = 40;

/**
 * What a thread's buttons act on, for their accessible names: whose thread, and on which words
 * (a document-level thread by the start of its opening comment), as "Ana's thread on “brown fox”".
 * The buttons show only "Reply" or "Resolve"; a screen reader's list of them needs the rest.
 */
export function threadSubject(thread: CommentThreadDto, isOnDeletedText: boolean): string {
  const opening = thread.comments[0];
  const whose = opening && !opening.isDeleted ? `${opening.author.name}'s thread` : "the thread";
  if (thread.anchor !== null) return `${whose} on ${isOnDeletedText ? "deleted text " : ""}${quoted(thread.quote)}`;
  return opening && !opening.isDeleted ? `${whose} on the document: ${quoted(commentBodyText(opening.body))}` : `${whose} on the document`;
}

/** What a comment's buttons act on, for their accessible names: "Ana's comment: “Looks good…”". */
export function commentSubject(comment: CommentDto): string {
  return `${comment.author.name}'s comment: ${quoted(commentBodyText(comment.body))}`;
}

// Curly quotes, as the thread's first line shows its words; long text cut with "…".
function quoted(text: string): string {
  const words = normalizeQuote(text);
  return `“${words.length > NAMED_CHARS ? `${words.slice(0, NAMED_CHARS - 1).trimEnd()}…` : words}”`;
}
