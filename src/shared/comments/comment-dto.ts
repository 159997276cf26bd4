import type { CommentReaction } from "./comment-rules";
import type { MentionValue } from "@/shared/mentions";

/** The inline formats a comment's text may have (a type literal: the sent schema's record takes it). */
export type CommentTextAttributes = { bold?: true; italic?: true; code?: true; link?: string };

/** Text with at most bold, italic, code and a link. */
export interface CommentTextOp {
  insert: string;
  attributes?: CommentTextAttributes;
}

/** A member mention, stored as in a document body (shared/mentions.ts); no formats. */
export interface CommentMentionOp {
  insert: { mention: MentionValue };
  attributes?: undefined;
}

/** One op of a comment body. */
export type CommentBodyOp = CommentTextOp | CommentMentionOp;

/** A comment body: a short Quill delta (shared/comments/comment-markup.ts reads and writes it). */
export interface CommentBody {
  ops: CommentBodyOp[];
}

export interface CommentPersonDto {
  id: string | null;
  /** "Deleted account" when the person's account is gone. */
  name: string;
  color: string;
}

export interface CommentReactionDto {
  emoji: CommentReaction;
  count: number;
  /** Whether the reader is one of them. */
  mine: boolean;
}

export interface CommentDto {
  id: string;
  author: CommentPersonDto;
  body: CommentBody;
  createdAt: string;
  editedAt: string | null;
  /** A deleted opening comment whose replies remain: shown as "Comment deleted". */
  isDeleted: boolean;
  reactions: CommentReactionDto[];
  /** What the reader may do with it (policies/comment-policy.ts). */
  canEdit: boolean;
  canDelete: boolean;
}

export interface CommentThreadDto {
  id: string;
  documentId: string;
  /** Encoded Yjs relative positions (base64) in the body's Y.Text; null for a document-level thread. */
  anchor: { start: string; end: string } | null;
  quote: string;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: CommentPersonDto | null;
  comments: CommentDto[];
}

/** A document's comments as a reader sees them, with what the reader may do. */
export interface CommentThreadListDto {
  threads: CommentThreadDto[];
  canComment: boolean;
}
