import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documents, memberships, notifications } from "@/server/db/schema";
import { documentAbilities } from "@/server/policies/document-policy";
import type { NotificationData, NotificationKind } from "@/shared/notifications";

/** One notification to make, before the rules decide whether it is made. */
export interface NotificationDraft {
  userId: string;
  kind: NotificationKind;
}

/** What the drafts of one event share. */
export interface NotificationEvent {
  workspaceId: string;
  /** Who did it: never notified of their own action. */
  actorId: string;
  /** The document it is about; recipients must be able to read it (policies/document-policy.ts). */
  documentId?: string;
  threadId?: string;
  commentId?: string;
  data?: NotificationData;
}

/**
 * Makes the event's notifications (docs/product.md "Notifications"): one per person (the first
 * draft for a person wins, so callers list the strongest kind first), none for the actor, and
 * for a document only to members whose role lets them read it. A comment notifies a person once
 * however often it is edited (notifications_user_comment_unique). Runs on the caller's
 * transaction; returns who got one, for announceNotifications once it has committed.
 */
export async function createNotifications(db: Db, event: NotificationEvent, drafts: NotificationDraft[]): Promise<string[]> {
  const byUser = new Map<string, NotificationKind>();
  for (const draft of drafts) if (draft.userId !== event.actorId && !byUser.has(draft.userId)) byUser.set(draft.userId, draft.kind);
  if (byUser.size === 0) return [];
  let allowed = [...byUser.keys()];
  if (event.documentId) allowed = await readersAmong(db, event.workspaceId, event.documentId, allowed);
  if (allowed.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      allowed.map((userId) => ({
        userId,
        kind: byUser.get(userId) ?? "mention",
        workspaceId: event.workspaceId,
        actorId: event.actorId,
        documentId: event.documentId ?? null,
        threadId: event.threadId ?? null,
        commentId: event.commentId ?? null,
        data: event.data ?? {},
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: notifications.userId });
  return rows.map((row) => row.userId);
}

/** Those of `userIds` who are members of the workspace and may read the document, in one query. */
async function readersAmong(db: Db, workspaceId: string, documentId: string, userIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId, role: memberships.role, deletedAt: documents.deletedAt })
    .from(memberships)
    .innerJoin(documents, and(eq(documents.id, documentId), eq(documents.workspaceId, memberships.workspaceId)))
    .where(and(eq(memberships.workspaceId, workspaceId), inArray(memberships.userId, userIds)));
  return rows.filter((row) => documentAbilities({ actorRole: row.role, isTrashed: row.deletedAt !== null }).read).map((row) => row.userId);
}

/** Of `userIds`, those without an unread notification of the document's body mentioning them (one is enough until read). */
export async function withoutUnreadBodyMention(db: Db, documentId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        eq(notifications.documentId, documentId),
        eq(notifications.kind, "mention"),
        isNull(notifications.commentId),
        isNull(notifications.readAt),
        inArray(notifications.userId, userIds),
      ),
    );
  const notified = new Set(rows.map((row) => row.userId));
  return userIds.filter((id) => !notified.has(id));
}
