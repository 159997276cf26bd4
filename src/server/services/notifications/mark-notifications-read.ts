import { and, eq, inArray, isNull } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { notifications } from "@/server/db/schema";
import { validationError } from "@/server/errors";
import type { MarkNotificationsReadInput } from "@/shared/schemas/notification";
import { announceNotifications } from "./internal/notification-hub";
import { tokenWorkspaceOnly } from "./internal/token-scope";

/**
 * Marks the actor's notifications read: those listed, or all. Others' ids are ignored, never
 * revealed (notificationAbilities: only the recipient marks); an API token marks its own
 * workspace's only. Read ones are never emailed.
 * Returns how many changed, and nudges the actor's other tabs.
 * @throws AppError validation_failed (neither ids nor all)
 */
export async function markNotificationsRead(ctx: ServiceContext, input: MarkNotificationsReadInput, now = new Date()): Promise<number> {
  if (!input.all && !input.ids?.length) throw validationError({}, "Say which notifications to mark read.");
  // The where clause is notificationAbilities' markRead: the recipient's own rows only.
  const mine = and(eq(notifications.userId, ctx.actor.id), isNull(notifications.readAt), tokenWorkspaceOnly(ctx));
  const rows = await ctx.db
    .update(notifications)
    .set({ readAt: now })
    .where(input.all ? mine : and(mine, inArray(notifications.id, input.ids ?? [])))
    .returning({ id: notifications.id });
  if (rows.length > 0) announceNotifications([ctx.actor.id]);
  return rows.length;
}
