import { index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import type { StoredDelta } from "./documents";
import { documents } from "./documents";
import { workspaces } from "./workspaces";

/**
 * A conversation about a document (docs/product.md "Comments"): anchored to a range of its text,
 * or to the whole document when both anchors are null. The anchors are Yjs relative positions in
 * the body's Y.Text (Y.encodeRelativePosition, base64), never marks in the body itself, so the
 * text, its exports, revisions and published pages hold no trace of comments.
 */
export const commentThreads = pgTable(
  "comment_threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Denormalised from the document, so workspace deletes and backups need no join. */
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    /** Where the range starts and ends (encoded Yjs relative positions, base64); null: a document-level thread. */
    anchorStart: text("anchor_start"),
    anchorEnd: text("anchor_end"),
    /** The words commented on, as they were: shown when the text is deleted ("on deleted text"). */
    quote: text("quote").notNull().default(""),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("comment_threads_document_idx").on(t.documentId, t.resolvedAt)],
);

/**
 * One message of a thread; the first is the thread's opening comment. The body is a short Quill
 * delta of text with bold, italic, code and links only (sanitised like document bodies). A later
 * mentions feature adds a mention embed to the same delta and a row per mentioned person.
 */
export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => commentThreads.id, { onDelete: "cascade" }),
    /** Kept when the author leaves the workspace: their comments stay, attributed. */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    body: jsonb("body").$type<StoredDelta>().notNull(),
    /** Set when the author changed the body after posting. */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** Set (and the body emptied) when a thread's first comment is deleted while replies remain. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("comments_thread_idx").on(t.threadId, t.createdAt)],
);

/** One person's emoji on one comment (a small fixed set: shared/comments.ts). */
export const commentReactions = pgTable(
  "comment_reactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    commentId: uuid("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    ...timestamps,
  },
  (t) => [unique("comment_reactions_unique").on(t.commentId, t.userId, t.emoji)],
);
