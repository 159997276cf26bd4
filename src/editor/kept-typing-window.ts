/** Stands in a kept stretch's text for the middle of a long replaced text, which is not kept (early-typing-kept.ts). */
export const KEPT_GAP = "\uE000";

/**
 * Typing an earlier page kept (editor/early-typing-kept.ts) on a body that has changed since:
 * the text of a stretch of the document around it, before and after, not the whole document.
 */
export interface KeptTypingWindow {
  /** The stretch before typing; KEPT_GAP stands for the middle of a long replaced text. */
  before: string;
  after: string;
  caret: null;
  /** Where the typing was in the document, as a fraction of its length (0 at its start, 1 at its end). */
  near: number;
}
