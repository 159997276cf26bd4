import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { webhookDeliveries } from "@/server/db/schema";
import type { ClaimedDelivery } from "./claim-due-deliveries";
import { nextAttemptAfterFailure } from "./retry-schedule";
import type { AttemptOutcome } from "./send-webhook";

/** Whether an answer counts as received (the Standard Webhooks contract: any 2xx). */
export function isSuccess(outcome: AttemptOutcome): boolean {
  return outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
}

/** Records an attempt's outcome: succeeded, due again after the backoff, or failed once 24 hours have passed. */
export async function recordAttempt(db: Db, delivery: ClaimedDelivery, outcome: AttemptOutcome, now = new Date()): Promise<void> {
  const next = isSuccess(outcome) ? null : nextAttemptAfterFailure(delivery.attempt, delivery.scheduledAt, now);
  await db
    .update(webhookDeliveries)
    .set({
      status: isSuccess(outcome) ? "succeeded" : next ? "pending" : "failed",
      nextAttemptAt: next,
      responseStatus: outcome.status,
      responseExcerpt: outcome.excerpt,
      updatedAt: now,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
}
