import { alias } from "drizzle-orm/pg-core";
import { documents, memberships, notifications, users, workspaces } from "@/server/db/schema";

/** The person who caused a notification, joined under its own name (the recipient is `users` too). */
export const notificationActor = alias(users, "notification_actor");

/**
 * What the inbox and the email worker both read of a notification: the row, and what the
 * presenter needs to word and link it (present-notification.ts) and isVisible needs to decide
 * whether its person may still see it. Both join workspaces, notificationActor, documents and
 * the recipient's membership.
 */
export const NOTIFICATION_COLUMNS = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  documentId: notifications.documentId,
  commentId: notifications.commentId,
  data: notifications.data,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  actorName: notificationActor.name,
  workspaceSlug: workspaces.slug,
  workspaceName: workspaces.name,
  requireTwoFactor: workspaces.requireTwoFactor,
  documentTitle: documents.title,
  documentDeletedAt: documents.deletedAt,
  role: memberships.role,
};
