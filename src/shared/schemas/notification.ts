import { NOTIFICATION_KINDS } from "@/shared/notifications";
import { z } from "./zod";

/** Mark some notifications read (the inbox's row button), or all of them. */
export const MarkNotificationsReadSchema = z.strictObject({
  ids: z.array(z.uuid()).max(100).optional(),
  all: z.boolean().optional(),
});
export type MarkNotificationsReadInput = z.infer<typeof MarkNotificationsReadSchema>;

/** The document header's Follow control. */
export const SetDocumentFollowSchema = z.strictObject({
  documentId: z.string().min(1).max(100),
  following: z.boolean(),
});
export type SetDocumentFollowInput = z.infer<typeof SetDocumentFollowSchema>;

/** Account settings → Notifications: the kinds to email (the others are turned off). */
export const SetEmailPreferencesSchema = z.strictObject({
  emailed: z.array(z.enum(NOTIFICATION_KINDS)).max(NOTIFICATION_KINDS.length),
});
export type SetEmailPreferencesInput = z.infer<typeof SetEmailPreferencesSchema>;

/** The unsubscribe link's token (services/notifications/internal/unsubscribe-token.ts). */
export const UnsubscribeTokenSchema = z.string().min(10).max(300).regex(/^[\w.-]+$/);

/** The one-click endpoint's query. */
export const UnsubscribeQuerySchema = z.strictObject({ token: UnsubscribeTokenSchema });

/** What the one-click endpoint answers: the kinds turned off. */
export const UnsubscribeResultSchema = z.strictObject({ unsubscribed: z.array(z.enum(NOTIFICATION_KINDS)) });
