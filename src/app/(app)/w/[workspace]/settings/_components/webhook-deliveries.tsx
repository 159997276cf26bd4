"use client";

import { EmptyList } from "@/components/ui/empty-list";
import { RowActionNotice } from "@/components/ui/row-action-notice";
import { useRowActions } from "@/lib/use-row-actions";
import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";
import { LocalTime } from "@/components/time/local-time";
import { resendWebhookDeliveryAction } from "@/server/actions/webhook-actions";
import type { WebhookDeliveryDto } from "@/shared/schemas/webhook";
import { DELIVERY_STATUS_LABELS } from "./webhook-delivery-status";

const STATUS_CLASSES: Record<WebhookDeliveryDto["status"], string> = { pending: "text-muted", succeeded: "text-success", failed: "text-danger" };

/** Settings → Webhooks → one webhook's deliveries, newest first, each with its outcome and "Resend". */
export function WebhookDeliveries({
  slug,
  webhook,
  deliveries,
  olderHref,
}: {
  slug: string;
  webhook: { id: string; url: string };
  deliveries: WebhookDeliveryDto[];
  olderHref: string | null;
}) {
  const { isPending, notice, run, router } = useRowActions();

  const resend = (delivery: WebhookDeliveryDto) =>
    run(() => resendWebhookDeliveryAction({ deliveryId: delivery.id }), () => `Queued ${delivery.eventType} again; it goes out within seconds.`);

  return (
    <section aria-labelledby="deliveries-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="deliveries-heading" className="text-lg font-medium">
            Deliveries
          </h2>
          <p className="break-all text-sm text-muted">{webhook.url}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => router.refresh()} disabled={isPending}>
            Refresh
          </Button>
          <Link href={`/w/${slug}/settings/webhooks`} className={buttonClass("ghost")}>
            All webhooks
          </Link>
        </div>
      </div>
      <RowActionNotice notice={notice} />
      {deliveries.length === 0 ? (
        <EmptyList>Nothing has been sent to this webhook yet.</EmptyList>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border" aria-label="Deliveries" aria-busy={isPending}>
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-delivery-id={delivery.id}>
              <div className="min-w-0 flex-1">
                <p className="text-sm">
                  <code className="font-medium">{delivery.eventType}</code> · <span className={STATUS_CLASSES[delivery.status]}>{DELIVERY_STATUS_LABELS[delivery.status]}</span>
                  {delivery.responseStatus !== null ? <> · HTTP {delivery.responseStatus}</> : null}
                  {delivery.resentFromId ? " · resent" : ""}
                </p>
                <p className="text-xs text-muted">
                  <LocalTime value={delivery.createdAt} /> · {delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`}
                  {delivery.nextAttemptAt ? (
                    <>
                      {" "}
                      · next <LocalTime value={delivery.nextAttemptAt} />
                    </>
                  ) : null}
                </p>
                {delivery.responseExcerpt && delivery.status !== "succeeded" ? <p className="mt-1 break-all text-xs text-muted">{delivery.responseExcerpt}</p> : null}
              </div>
              <Button variant="ghost" disabled={isPending} onClick={() => resend(delivery)} aria-label={`Resend ${delivery.eventType} from ${new Date(delivery.createdAt).toISOString()}`}>
                Resend
              </Button>
            </li>
          ))}
        </ul>
      )}
      {olderHref ? (
        <div>
          <Link href={olderHref} className={buttonClass("secondary")}>
            Older deliveries
          </Link>
        </div>
      ) : null}
    </section>
  );
}
