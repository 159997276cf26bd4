"use server";

import type { ActionResult } from "@/shared/api-error";
import type { NotificationKind } from "@/shared/notifications";
import type { MarkNotificationsReadInput, SetDocumentFollowInput, SetEmailPreferencesInput } from "@/shared/schemas/notification";
import { MarkNotificationsReadSchema, SetDocumentFollowSchema, SetEmailPreferencesSchema, UnsubscribeTokenSchema } from "@/shared/schemas/notification";
import { getDb } from "@/server/db/database";
import { AppError } from "@/server/errors";
import { setEmailPreferences, unsubscribeWithToken } from "@/server/services/notifications/email-preferences";
import { markNotificationsRead } from "@/server/services/notifications/mark-notifications-read";
import { setDocumentFollow } from "@/server/services/notifications/set-document-follow";
import { runAction } from "./run-action";

/** The inbox's "Mark read" on a row and "Mark all read". */
export async function markNotificationsReadAction(input: MarkNotificationsReadInput): Promise<ActionResult<{ marked: number }>> {
  return runAction(MarkNotificationsReadSchema, input, async (ctx, data) => ({ marked: await markNotificationsRead(ctx, data) }));
}

/** The document header's Follow button. */
export async function setDocumentFollowAction(input: SetDocumentFollowInput): Promise<ActionResult<{ documentId: string; following: boolean }>> {
  return runAction(SetDocumentFollowSchema, input, (ctx, data) => setDocumentFollow(ctx, data));
}

/** Account settings → Notifications: which kinds to email. */
export async function setEmailPreferencesAction(input: SetEmailPreferencesInput): Promise<ActionResult<{ emailed: NotificationKind[] }>> {
  return runAction(SetEmailPreferencesSchema, input, async (ctx, data) => ({ emailed: await setEmailPreferences(ctx, data) }));
}

/** The /unsubscribe page's button: no session needed, the signed token is the authority. */
export async function unsubscribeAction(token: string): Promise<ActionResult<{ kinds: NotificationKind[] }>> {
  const parsed = UnsubscribeTokenSchema.safeParse(token);
  if (!parsed.success) return { ok: false, code: "not_found", message: "This unsubscribe link is not valid." };
  try {
    return { ok: true, data: await unsubscribeWithToken({ db: await getDb() }, parsed.data) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, code: error.code, message: error.message };
  }
}
