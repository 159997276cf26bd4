import { and, count, eq, isNull } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documents, memberships, notifications, workspaces } from "@/server/db/schema";
import { isVisible } from "./list-notifications";
import { tokenWorkspaceOnly } from "./internal/token-scope";

/**
 * How many of the actor's notifications are unread and visible (the bell). One query, grouped
 * by what decides visibility, so the policy decides and the rows never leave the database. An API
 * token counts its own workspace's only.
 */
export async function countUnreadNotifications(ctx: ServiceContext): Promise<number> {
  const groups = await ctx.db
    .select({ documentId: notifications.documentId, role: memberships.role, documentDeletedAt: documents.deletedAt, requireTwoFactor: workspaces.requireTwoFactor, count: count() })
    .from(notifications)
    .innerJoin(workspaces, eq(workspaces.id, notifications.workspaceId))
    .leftJoin(documents, eq(documents.id, notifications.documentId))
    .leftJoin(memberships, and(eq(memberships.workspaceId, notifications.workspaceId), eq(memberships.userId, ctx.actor.id)))
    .where(and(eq(notifications.userId, ctx.actor.id), isNull(notifications.readAt), tokenWorkspaceOnly(ctx)))
    .groupBy(notifications.documentId, memberships.role, documents.deletedAt, workspaces.requireTwoFactor);
  return groups.filter((group) => isVisible(ctx.actor, { ...group, userId: ctx.actor.id })).reduce((sum, group) => sum + group.count, 0);
}
