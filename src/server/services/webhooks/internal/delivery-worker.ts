import type { Db } from "@/server/db/client";
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
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly getDb: () => Promise<Db>,
    private readonly options: DeliveryWorkerOptions,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops looking and waits for the attempts under way (each ends within its timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
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

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce().then(
        (count) => this.schedule(count >= (this.options.batchSize ?? 20) ? 0 : (this.options.pollMs ?? 1000)),
        (error: unknown) => {
          console.error("[webhooks] delivery look failed:", error instanceof Error ? error.message : error);
          this.schedule(this.options.pollMs ?? 1000);
        },
      );
    }, delayMs);
    this.timer.unref();
  }
}
