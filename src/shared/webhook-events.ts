/**
 * What a webhook can subscribe to (docs/product.md "Webhooks"): a fixed list, so the settings
 * form, the API and the stored subscriptions name the same types. A new one is a line here,
 * its label and its enqueueWebhookEvent call.
 */
export const WEBHOOK_EVENT_TYPES = [
  "document.created",
  "document.updated",
  "document.trashed",
  "document.restored",
  "document.deleted",
  "document.published",
  "document.unpublished",
  "comment.created",
  "member.joined",
  "member.role_changed",
  "member.removed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** How each type reads in Settings → Webhooks. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "document.created": "Document created",
  "document.updated": "Document updated (at most once a minute per document)",
  "document.trashed": "Document moved to trash",
  "document.restored": "Document restored from trash",
  "document.deleted": "Document deleted forever",
  "document.published": "Document published (public link created)",
  "document.unpublished": "Document unpublished (public link revoked)",
  "comment.created": "Comment or reply posted",
  "member.joined": "Member joined",
  "member.role_changed": "Member's role changed",
  "member.removed": "Member removed",
};

/** Where a delivery stands: waiting for its (next) attempt, received with a 2xx, or given up on after 24 hours. */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Free-form facts of an event's `data`: small and flat, never a secret or document text. */
export type WebhookEventData = Record<string, string | number | boolean | null>;
