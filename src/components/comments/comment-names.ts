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

/** The accessible names of a composer's text box and its two buttons, whose visible labels stay short. */
export interface ComposerNames {
  text: string;
  submit: string;
  cancel: string;
}

/**
 * A thread's reply box, named by the thread (`threadSubject`): the text box "Your reply to Ana's
 * thread on “brown fox”", its "Reply" button "Reply to …" (the thread's own Reply, which opened
 * the box, is gone while it is open) and "Cancel reply to …".
 */
export function replyBoxNames(subject: string): ComposerNames {
  return { text: `Your reply to ${subject}`, submit: `Reply to ${subject}`, cancel: `Cancel reply to ${subject}` };
}

/**
 * A comment's edit box, named by the comment as it was saved (`commentSubject`): the text box
 * "Edit Ana's comment: “…”" (its Edit button is gone while the box is open), "Save edit of …" and
 * "Cancel edit of …".
 */
export function editBoxNames(subject: string): ComposerNames {
  return { text: `Edit ${subject}`, submit: `Save edit of ${subject}`, cancel: `Cancel edit of ${subject}` };
}

// Curly quotes, as the thread's first line shows its words; long text cut with "…".
function quoted(text: string): string {
  const words = normalizeQuote(text);
  return `“${words.length > NAMED_CHARS ? `${words.slice(0, NAMED_CHARS - 1).trimEnd()}…` : words}”`;
}
