/** docs/product.md "Comments": the limits and the reactions every part of the app agrees on. */

/** Longest comment body, in characters of text. */
export const MAX_COMMENT_CHARS = 5000;
/** Longest quote kept with a thread (the words commented on), in characters. */
export const MAX_COMMENT_QUOTE_CHARS = 500;
/** Longest encoded anchor (a Yjs relative position, base64): real ones are under 40 characters. */
export const MAX_COMMENT_ANCHOR_CHARS = 200;
/** The formats a comment body may carry; everything else is dropped by the server. */
export const COMMENT_FORMATS = ["bold", "italic", "code", "link"] as const;
/** The reactions offered: a small fixed set, so nothing else needs storing or rendering. */
export const COMMENT_REACTIONS = ["👍", "🎉", "❤️", "😄", "👀", "✅"] as const;
export type CommentReaction = (typeof COMMENT_REACTIONS)[number];

/** What a reaction is called for screen readers. */
export const COMMENT_REACTION_LABELS: Record<CommentReaction, string> = {
  "👍": "Thumbs up",
  "🎉": "Celebrate",
  "❤️": "Heart",
  "😄": "Smile",
  "👀": "Looking",
  "✅": "Done",
};

/**
 * The stateless message the server sends on a document's collaboration connection when its
 * comments change: a nudge only (no comment text), so each client re-reads what its own access allows.
 */
export const COMMENTS_CHANGED_MESSAGE = "quire:comments-changed";
