import { z } from "./zod";
import { COMMENT_REACTIONS, MAX_COMMENT_ANCHOR_CHARS, MAX_COMMENT_QUOTE_CHARS } from "@/shared/comments/comment-rules";
import { DocumentIdField } from "./document";

/**
 * A comment body as sent: a delta of text ops and member mentions (`{ mention: { id, name } }`,
 * shared/mentions.ts); its content is checked and sanitised by the service.
 */
export const CommentBodyField = z.object({
  ops: z
    .array(
      z.object({
        insert: z.union([z.string(), z.strictObject({ mention: z.strictObject({ id: z.string().max(100), name: z.string().max(1000) }) })], { error: "A comment is text and mentions." }),
        attributes: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .max(1000, "This comment has too many formatting changes."),
});

const AnchorPositionField = z
  .string()
  .min(1)
  .max(MAX_COMMENT_ANCHOR_CHARS, "This is not a comment anchor.")
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, "This is not a comment anchor.");

export const CommentThreadIdField = z.uuid("This is not a comment thread id.");
export const CommentIdField = z.uuid("This is not a comment id.");

export const ListCommentThreadsSchema = z.strictObject({ documentId: DocumentIdField });
export type ListCommentThreadsInput = z.infer<typeof ListCommentThreadsSchema>;

/** A new thread: on a range of the text (`anchor`, with the words it covers) or, without one, on the whole document. */
export const CreateCommentThreadSchema = z.strictObject({
  documentId: DocumentIdField,
  anchor: z.strictObject({ start: AnchorPositionField, end: AnchorPositionField }).nullish(),
  quote: z.string().max(100_000).optional(),
  body: CommentBodyField,
});
export type CreateCommentThreadInput = z.infer<typeof CreateCommentThreadSchema>;

/** A thread's text came back after an undo: its anchor moves to the words now there. */
export const ReanchorCommentThreadSchema = z.strictObject({
  threadId: CommentThreadIdField,
  anchor: z.strictObject({ start: AnchorPositionField, end: AnchorPositionField }),
});
export type ReanchorCommentThreadInput = z.infer<typeof ReanchorCommentThreadSchema>;

export const ReplyToThreadSchema = z.strictObject({ threadId: CommentThreadIdField, body: CommentBodyField });
export type ReplyToThreadInput = z.infer<typeof ReplyToThreadSchema>;

export const EditCommentSchema = z.strictObject({ commentId: CommentIdField, body: CommentBodyField });
export type EditCommentInput = z.infer<typeof EditCommentSchema>;

export const DeleteCommentSchema = z.strictObject({ commentId: CommentIdField });
export type DeleteCommentInput = z.infer<typeof DeleteCommentSchema>;

export const SetThreadResolvedSchema = z.strictObject({ threadId: CommentThreadIdField, resolved: z.boolean() });
export type SetThreadResolvedInput = z.infer<typeof SetThreadResolvedSchema>;

export const ToggleCommentReactionSchema = z.strictObject({
  commentId: CommentIdField,
  emoji: z.enum(COMMENT_REACTIONS, { error: "Pick one of the offered reactions." }),
});
export type ToggleCommentReactionInput = z.infer<typeof ToggleCommentReactionSchema>;

export { MAX_COMMENT_QUOTE_CHARS };

// What GET /api/v1/documents/{id}/comments answers (shared/comments/comment-dto.ts, for OpenAPI).
const CommentPersonSchema = z.object({ id: z.string().nullable(), name: z.string(), color: z.string() });
const CommentBodySchema = z.object({
  ops: z.array(
    z.object({
      insert: z.string(),
      attributes: z.object({ bold: z.literal(true).optional(), italic: z.literal(true).optional(), code: z.literal(true).optional(), link: z.string().optional() }).optional(),
    }),
  ),
});
const CommentSchema = z.object({
  id: z.uuid(),
  author: CommentPersonSchema,
  body: CommentBodySchema.meta({ description: "A delta of text with bold, italic, code and links only." }),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  isDeleted: z.boolean().meta({ description: "A deleted opening comment whose replies remain (its body is empty)." }),
  reactions: z.array(z.object({ emoji: z.enum(COMMENT_REACTIONS), count: z.number().int(), mine: z.boolean() })),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export const CommentThreadSchema = z.object({
  id: z.uuid(),
  documentId: z.string(),
  anchor: z
    .object({ start: z.string(), end: z.string() })
    .nullable()
    .meta({ description: "Yjs relative positions (base64) in the body's Y.Text `body`; null for a thread on the whole document." }),
  quote: z.string().meta({ description: "The words commented on, as they were when the thread was opened." }),
  createdAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
  resolvedBy: CommentPersonSchema.nullable(),
  comments: z.array(CommentSchema),
});
export const CommentThreadListSchema = z.object({ threads: z.array(CommentThreadSchema), canComment: z.boolean() });
