import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { NotificationData, NotificationKind } from "@/shared/notifications";
import { users } from "./auth";
import { timestamps } from "./columns";
import { commentThreads, comments } from "./comments";
import { documents } from "./documents";
import { workspaces } from "./workspaces";

/**
 * Something that happened that one person should know about (docs/product.md "Notifications"),
 * and the email queue at once: a row unread and not yet emailed EMAIL_DELAY_MS after it was made
 * goes out in its person's next batch (services/notifications/internal/email-worker.ts).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Who it is for. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The workspace it happened in (for an invitation, the one inviting). */
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationKind>().notNull(),
    /** Who did it; null once their account is gone. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    documentId: text("document_id").references(() => documents.id, { onDelete: "cascade" }),
    threadId: uuid("thread_id").references(() => commentThreads.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<NotificationData>().notNull().default({}),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When it went out in an email, or was passed over for one (read first, or its kind turned off). */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    // One notification per comment per person: a mention in a reply is the mention, not also the reply.
    unique("notifications_user_comment_unique").on(t.userId, t.commentId),
    // The email worker's look: rows still waiting, oldest first.
    index("notifications_email_due_idx").on(t.createdAt).where(sql`${t.readAt} is null and ${t.emailedAt} is null`),
  ],
);

/**
 * Whether a person follows a document (new threads on it notify them). Creating a document or
 * commenting on it follows it once; an explicit unfollow is kept as `following = false`, so
 * commenting again does not undo it.
 */
export const documentFollows = pgTable(
  "document_follows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    following: boolean("following").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("document_follows_document_user_unique").on(t.documentId, t.userId)],
);

/** A kind of notification a person does not want by email (account settings, or an email's unsubscribe link). */
export const notificationEmailOptOuts = pgTable(
  "notification_email_opt_outs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationKind>().notNull(),
    ...timestamps,
  },
  (t) => [unique("notification_email_opt_outs_user_kind_unique").on(t.userId, t.kind)],
);
