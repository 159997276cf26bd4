import { z } from "zod";
import { MarkNotificationsReadResultSchema, MarkNotificationsReadSchema, NotificationListSchema, UnsubscribeQuerySchema, UnsubscribeResultSchema } from "@/shared/schemas/notification";
import type { OpenApiPaths } from "./common";
import { errorResponses, jsonBody, jsonResponse, publicErrorResponses, writeOperation } from "./common";

/** /api/v1/notifications…: the inbox, the bell's live count and email unsubscribes (docs/product.md "Notifications"). */
export const notificationsPaths: OpenApiPaths = {
  "/api/v1/notifications": {
    get: {
      operationId: "listNotifications",
      tags: ["Notifications"],
      summary: "List the caller's newest notifications and the unread count",
      description:
        "What the inbox shows: mentions, replies and threads on followed documents, invitations and role changes, each as one sentence with a link. Notifications of documents the caller can no longer read are left out. A session sees every workspace's; an API token only its own workspace's. A `read` token is enough.",
      responses: { "200": jsonResponse("The notifications.", NotificationListSchema), ...errorResponses() },
    },
  },
  "/api/v1/notifications/read": {
    post: writeOperation({
      operationId: "markNotificationsRead",
      tags: ["Notifications"],
      summary: "Mark notifications read: some by id, or all",
      description: "Send `{\"ids\": [...]}` (at most 100) or `{\"all\": true}`. Ids that are not the caller's (or, for a token, not its workspace's) are ignored. Read notifications are never emailed.",
      requestBody: jsonBody(MarkNotificationsReadSchema.meta({ id: "MarkNotificationsRead" })),
      responses: { "200": jsonResponse("How many changed.", MarkNotificationsReadResultSchema.meta({ id: "MarkNotificationsReadResult" })), ...errorResponses(400, 413, 415, 422) },
    }),
  },
  "/api/v1/notifications/stream": {
    get: {
      operationId: "streamUnreadNotifications",
      tags: ["Notifications"],
      summary: "Follow the signed-in person's unread notification count, live",
      description:
        "Server-sent events for the app's bell: `event: unread` with `{\"unread\": n}` at once and whenever the count changes, on any instance; a comment line every 25 seconds keeps it open. Session cookie only (the count spans every workspace, which no API token's grant does).",
      responses: { "200": { description: "An endless event stream.", content: { "text/event-stream": { schema: z.string() } } }, ...errorResponses() },
    },
  },
  "/api/v1/notifications/unsubscribe": {
    post: {
      operationId: "unsubscribeFromNotificationEmails",
      tags: ["Notifications"],
      summary: "Turn off kinds of notification email with the token of an email's link (RFC 8058 one-click)",
      description:
        "The target of a notification email's `List-Unsubscribe` header (with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`). Needs no session: the signed token names the person and the kinds, and can only turn them off. Repeating it changes nothing.",
      requestParams: { query: UnsubscribeQuerySchema },
      responses: { "200": jsonResponse("The kinds now off.", UnsubscribeResultSchema.meta({ id: "UnsubscribeResult" })), ...publicErrorResponses(400, 404) },
    },
  },
};
