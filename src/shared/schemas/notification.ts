import { NOTIFICATION_KINDS } from "@/shared/notifications";
import { z } from "./zod";
import { DocumentIdField } from "./document";

/** Mark some notifications read (the inbox's row button), or all of them. */
export const MarkNotificationsReadSchema = z.strictObject({
  ids: z.array(z.uuid()).max(100).optional(),
  all: z.boolean().optional(),
});
export type MarkNotificationsReadInput = z.infer<typeof MarkNotificationsReadSchema>;

/** The document header's Follow control. */
export const SetDocumentFollowSchema = z.strictObject({
  documentId: DocumentIdField,
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

/** One notification as the inbox and GET /api/v1/notifications show it (shared/notifications.ts NotificationDto). */
export const NotificationDtoSchema = z
  .strictObject({
    id: z.uuid(),
    kind: z.enum(NOTIFICATION_KINDS),
    text: z.string().meta({ description: "One sentence, with today's names: “Ada mentioned you in Plan”." }),
    href: z.string().nullable().meta({ description: "Where it leads on this site (a document, at its comment; an invitation), or null." }),
    createdAt: z.iso.datetime(),
    read: z.boolean(),
  })
  .meta({ id: "Notification" });

/** GET /api/v1/notifications: the newest notifications and how many are unread. */
export const NotificationListSchema = z
  .strictObject({
    data: z.array(NotificationDtoSchema).meta({ description: "The newest 100, newest first, that the caller may still see." }),
    unread: z.int().min(0).meta({ description: "Unread notifications in all (the bell's count)." }),
  })
  .meta({ id: "NotificationList" });

/** POST /api/v1/notifications/read's answer. */
export const MarkNotificationsReadResultSchema = z.strictObject({ marked: z.int().min(0).meta({ description: "How many were unread and are now read." }) });
