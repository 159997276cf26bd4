import { z } from "./zod";
import { controlCharacterError, hasNoControlCharacter } from "./fields";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from "@/shared/webhook-events";
import { CursorParam, LimitParam, WorkspaceParam, pageOf } from "./api-v1";

/** Longest endpoint address and description (docs/product.md "Validation"). */
export const MAX_WEBHOOK_URL_CHARS = 2000;
export const MAX_WEBHOOK_DESCRIPTION_CHARS = 200;
/** Webhooks one workspace may have. */
export const MAX_WEBHOOKS_PER_WORKSPACE = 20;

const EVENTS_MESSAGE = "Choose at least one event.";

const WebhookUrl = z
  .string({ error: "Enter the endpoint's address." })
  .trim()
  .min(1, "Enter the endpoint's address.")
  .max(MAX_WEBHOOK_URL_CHARS, `Addresses are at most ${MAX_WEBHOOK_URL_CHARS} characters.`)
  .meta({ description: "The endpoint: an https:// address that resolves to public addresses only (unless the instance allows private ones)." });
const WebhookDescription = z
  .string()
  .trim()
  .max(MAX_WEBHOOK_DESCRIPTION_CHARS, `Descriptions are at most ${MAX_WEBHOOK_DESCRIPTION_CHARS} characters.`)
  .refine(hasNoControlCharacter, controlCharacterError("Descriptions"))
  .optional()
  .default("")
  .meta({ description: "What it is for." });
const WebhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "This is not a webhook event type." }), { error: EVENTS_MESSAGE })
  .min(1, EVENTS_MESSAGE)
  .transform((events) => [...new Set(events)])
  .meta({ description: "The event types it receives." });

/** Settings → Webhooks → "Add webhook" (the form's fields, events as repeated checkboxes). */
export const CreateWebhookSchema = z.strictObject({
  workspaceId: z.uuid("This is not a workspace id."),
  url: WebhookUrl,
  description: WebhookDescription,
  events: WebhookEvents,
});
export type CreateWebhookData = z.output<typeof CreateWebhookSchema>;

/** POST /api/v1/webhooks's body. */
export const CreateWebhookBodySchema = z
  .strictObject({ workspace: WorkspaceParam, url: WebhookUrl, description: WebhookDescription, events: WebhookEvents })
  .meta({ id: "CreateWebhook" });

export const DeleteWebhookSchema = z.strictObject({ webhookId: z.uuid("This is not a webhook id.") });
export type DeleteWebhookInput = z.infer<typeof DeleteWebhookSchema>;

export const ResendWebhookDeliverySchema = z.strictObject({ deliveryId: z.uuid("This is not a delivery id.") });
export type ResendWebhookDeliveryInput = z.infer<typeof ResendWebhookDeliverySchema>;

/** GET /api/v1/webhooks's query parameters. */
export const ListWebhooksQuerySchema = z.object({ workspace: WorkspaceParam });

/** GET /api/v1/webhooks/{id}/deliveries's query parameters. */
export const ListWebhookDeliveriesQuerySchema = z.object({ cursor: CursorParam, limit: LimitParam });

/** A webhook as admins see it: never its secret after creation. */
export const WebhookDtoSchema = z
  .strictObject({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    createdAt: z.iso.datetime(),
    /** The latest delivery's status, null before the first. */
    lastDelivery: z.strictObject({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), responseStatus: z.number().int().nullable(), at: z.iso.datetime() }).nullable(),
  })
  .meta({ id: "Webhook" });
export type WebhookDto = z.infer<typeof WebhookDtoSchema>;

/** What creating a webhook answers: the webhook and its signing secret, shown this once. */
export const WebhookCreatedSchema = WebhookDtoSchema.extend({
  secret: z.string().meta({ description: "The signing secret (`whsec_…`), for your Standard Webhooks verifier. Shown only in this answer." }),
}).meta({ id: "WebhookCreated" });
export type WebhookCreatedDto = z.infer<typeof WebhookCreatedSchema>;

export const WebhookListSchema = z.strictObject({ data: z.array(WebhookDtoSchema) }).meta({ id: "WebhookList" });

/** One event sent (or being sent) to one webhook. */
export const WebhookDeliveryDtoSchema = z
  .strictObject({
    id: z.uuid(),
    messageId: z.string().meta({ description: "The `webhook-id` header: the same on every attempt and on a resend." }),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable().meta({ description: "The last attempt's HTTP status; null when nothing answered." }),
    responseExcerpt: z.string().nullable().meta({ description: "The first 500 characters of the last answer, or why there was none." }),
    createdAt: z.iso.datetime(),
    lastAttemptAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
    resentFromId: z.uuid().nullable(),
    payload: z.record(z.string(), z.unknown()).meta({ description: "The body sent: `{type, timestamp, data}`." }),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryDto = z.infer<typeof WebhookDeliveryDtoSchema>;

export const WebhookDeliveryPageSchema = pageOf(WebhookDeliveryDtoSchema, "WebhookDeliveryPage");
