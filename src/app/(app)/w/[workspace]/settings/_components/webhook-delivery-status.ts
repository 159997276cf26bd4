import type { WebhookDeliveryStatus } from "@/shared/webhook-events";

/** How a delivery's status reads in Settings → Webhooks. */
export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = { pending: "Pending", succeeded: "Delivered", failed: "Failed" };
