import type { Db } from "@/server/db/client";
import { PollingLoop } from "@/server/workers/polling-loop";
import type { AddressPolicy } from "./address-guard";
import { claimDueDeliveries } from "./claim-due-deliveries";
import { recordAttempt } from "./record-attempt";
import { sendWebhook } from "./send-webhook";
import { signDelivery } from "./sign-delivery";
import { openWebhookSecret } from "./webhook-secret";

export interface DeliveryWorkerOptions extends AddressPolicy {
  /** How often to look for due deliveries when the last look found none. */
  pollMs?: number;
  /** Deliveries taken (and sent at once) per look. */
  batchSize?: number;
  timeoutMs?: number;
  /** The clock (tests move it forward to reach retries). */
  now?: () => Date;
}

/**
 * Sends queued webhook deliveries (docs/architecture.md "Webhooks"): server.ts runs one per
 * process. Each look claims a batch of due rows, sends them in parallel and records each
 * outcome; a full batch looks again at once, an empty one waits `pollMs`. Nothing is held in
 * memory between looks, so a restart loses nothing: rows still pending are sent by the next worker.
 */
export class DeliveryWorker {
  private readonly loop: PollingLoop;

  constructor(
    private readonly getDb: () => Promise<Db>,
    private readonly options: DeliveryWorkerOptions,
  ) {
    // A full batch looks again at once.
    const batchSize = options.batchSize ?? 20;
    this.loop = new PollingLoop("[webhooks] delivery look", async () => ({ hasMore: (await this.runOnce()) >= batchSize }), options.pollMs ?? 1000);
  }

  start(): void {
    this.loop.start();
  }

  /** Stops looking and waits for the attempts under way (each ends within its timeout). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One look: claims, sends and records a batch. Returns how many it sent. */
  async runOnce(): Promise<number> {
    const db = await this.getDb();
    const now = this.options.now ?? (() => new Date());
    const claimed = await claimDueDeliveries(db, this.options.batchSize ?? 20, now());
    await Promise.all(
      claimed.map(async (delivery) => {
        const secret = await openWebhookSecret(delivery.secret).catch(() => null);
        // Sealed under another auth secret (AUTH_SECRET changed, or a backup restored elsewhere):
        // nothing can be signed, and the attempt says why rather than stopping the batch.
        const outcome = secret
          ? await sendWebhook(delivery.url, delivery.payload, signDelivery(secret, delivery.messageId, now(), delivery.payload), this.options)
          : { status: null, excerpt: "The signing secret can't be read: the auth secret changed since the webhook was made. Make the webhook again." };
        await recordAttempt(db, delivery, outcome, now());
      }),
    );
    return claimed.length;
  }
}
