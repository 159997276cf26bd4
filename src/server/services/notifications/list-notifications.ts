import { and, desc, eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documents, memberships, notifications, workspaces } from "@/server/db/schema";
import { documentAbilities } from "@/server/policies/document-policy";
import { notificationAbilities } from "@/server/policies/notification-policy";
import { mustEnrolTwoFactor } from "@/server/policies/workspace-policy";
import type { Role } from "@/shared/roles";
import { INBOX_PAGE_SIZE } from "@/shared/notifications";
import { NOTIFICATION_COLUMNS, notificationActor } from "./internal/notification-columns";
import { tokenWorkspaceOnly } from "./internal/token-scope";

/**
 * The actor's newest notifications, newest first (the inbox), with what the presenter needs
 * to word and link them. Notifications of a document the actor can no longer read (left the
 * workspace, lost the role) are left out, and a deleted document takes its notifications with it.
 * So are those of a workspace that requires two-factor while the actor has it off: nothing of it
 * is read until they turn it on (docs/product.md "Account security"). An API token sees its own
 * workspace's only.
 */
export async function listNotifications(ctx: ServiceContext) {
  const rows = await ctx.db
    .select(NOTIFICATION_COLUMNS)
    .from(notifications)
    .innerJoin(workspaces, eq(workspaces.id, notifications.workspaceId))
    .leftJoin(notificationActor, eq(notificationActor.id, notifications.actorId))
    .leftJoin(documents, eq(documents.id, notifications.documentId))
    .leftJoin(memberships, and(eq(memberships.workspaceId, notifications.workspaceId), eq(memberships.userId, ctx.actor.id)))
    .where(and(eq(notifications.userId, ctx.actor.id), tokenWorkspaceOnly(ctx)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(INBOX_PAGE_SIZE);
  return rows.filter((row) => isVisible(ctx.actor, row));
}

export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

/**
 * Whether the recipient may see a notification: theirs, not of a workspace that requires the
 * two-factor they must turn on first (`mustEnrolTwoFactor`), and its document (if any) readable to them.
 */
export function isVisible(
  recipient: { id: string; twoFactorEnabled: boolean; passwordless?: boolean },
  row: { userId: string; documentId: string | null; role: Role | null; documentDeletedAt: Date | null; requireTwoFactor: boolean },
): boolean {
  if (!notificationAbilities(recipient.id, row).read) return false;
  if (mustEnrolTwoFactor(row, recipient)) return false;
  if (row.documentId === null) return true;
  return documentAbilities({ actorRole: row.role, isTrashed: row.documentDeletedAt !== null }).read;
}
