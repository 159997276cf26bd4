import { and, eq, notInArray } from "drizzle-orm";
import type { PublicContext, ServiceContext } from "@/server/context";
import { notificationEmailOptOuts, users } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { NotificationKind } from "@/shared/notifications";
import { NOTIFICATION_KINDS } from "@/shared/notifications";
import type { SetEmailPreferencesInput } from "@/shared/schemas/notification";
import { readUnsubscribeToken } from "./internal/unsubscribe-token";

/** The kinds of notification the actor gets by email (account settings → Notifications). */
export async function listEmailedKinds(ctx: ServiceContext): Promise<NotificationKind[]> {
  const rows = await ctx.db.select({ kind: notificationEmailOptOuts.kind }).from(notificationEmailOptOuts).where(eq(notificationEmailOptOuts.userId, ctx.actor.id));
  const off = new Set(rows.map((row) => row.kind));
  return NOTIFICATION_KINDS.filter((kind) => !off.has(kind));
}

/** Emails the actor only the given kinds; every other kind is turned off. Their own settings only. */
export async function setEmailPreferences(ctx: ServiceContext, input: SetEmailPreferencesInput): Promise<NotificationKind[]> {
  const off = NOTIFICATION_KINDS.filter((kind) => !input.emailed.includes(kind));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(notificationEmailOptOuts).where(off.length > 0 ? and(eq(notificationEmailOptOuts.userId, ctx.actor.id), notInArray(notificationEmailOptOuts.kind, off)) : eq(notificationEmailOptOuts.userId, ctx.actor.id));
    if (off.length > 0) await tx.insert(notificationEmailOptOuts).values(off.map((kind) => ({ userId: ctx.actor.id, kind }))).onConflictDoNothing();
  });
  return NOTIFICATION_KINDS.filter((kind) => !off.includes(kind));
}

export const BAD_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid. Turn emails off in your account settings instead.";

/**
 * An email's unsubscribe link (no session: the signed token is the authority): turns that kind
 * of email off for the person it was sent to. Repeating it changes nothing.
 * @throws AppError not_found (a token that doesn't verify)
 */
export async function unsubscribeWithToken(ctx: PublicContext, token: string): Promise<{ kinds: NotificationKind[] }> {
  const target = readUnsubscribeToken(token);
  if (!target) throw new AppError("not_found", BAD_UNSUBSCRIBE_LINK);
  // A token of a deleted account has no user row to refer to: nothing left to turn off.
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, target.userId)).limit(1);
  // A token of a deleted account: nothing left to turn off, and nothing to tell the caller.
  if (user) await ctx.db.insert(notificationEmailOptOuts).values(target.kinds.map((kind) => ({ userId: target.userId, kind }))).onConflictDoNothing();
  return { kinds: target.kinds };
}

/** The kind a valid token would turn off, for the page that asks first. @throws AppError not_found */
export function kindsOfUnsubscribeToken(token: string): NotificationKind[] {
  const target = readUnsubscribeToken(token);
  if (!target) throw new AppError("not_found", BAD_UNSUBSCRIBE_LINK);
  return target.kinds;
}
