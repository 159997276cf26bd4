import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/server/db/client";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { webhookDeliveries } from "@/server/db/schema";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { RunningService } from "@test/services";
import { missingServices, startPostgres } from "@test/services";
import { startWebhookReceiver } from "@test/webhook-receiver";
import { DeliveryWorker } from "./internal/delivery-worker";
import { enqueueWebhookEvent } from "./internal/enqueue-webhook-event";
import { createWebhook } from "./create-webhook";

// Several instances on one PostgreSQL: three workers with their own connection pools poll the
// same queue at once; FOR UPDATE SKIP LOCKED must hand each delivery to exactly one of them.
const skip = missingServices();
let postgres: RunningService | undefined;
let handles: DbHandle[] = [];
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  if (skip) return;
  [postgres, receiver] = await Promise.all([startPostgres(), startWebhookReceiver()]);
  const first = await openDatabase({ url: postgres.url });
  await migrateDatabase(first);
  handles = [first, await openDatabase({ url: postgres.url }), await openDatabase({ url: postgres.url })];
}, 120_000);

afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  await receiver?.close();
  await postgres?.stop();
});

describe.skipIf(Boolean(skip))("the delivery queue on PostgreSQL", () => {
  it("three workers polling at once send each of 300 events exactly once", async () => {
    const db = handles[0]!.db;
    const owner = await buildUser(db);
    const workspace = await buildWorkspace(db, [{ actor: owner, role: "owner" }]);
    const webhook = await createWebhook(contextFor(db, owner), { workspaceId: workspace.id, url: `${receiver.url}/pg`, description: "", events: ["document.created"] }, { allowPrivate: true });
    receiver.useSecret(webhook.secret);
    await db.transaction(async (tx) => {
      for (let i = 0; i < 300; i += 1) await enqueueWebhookEvent({ db: tx }, { workspaceId: workspace.id, type: "document.created", subjectId: String(i), data: { n: i } });
    });
    const workers = handles.map((handle) => new DeliveryWorker(async () => handle.db, { allowPrivate: true, batchSize: 10 }));
    const counts = await Promise.all(
      workers.map(async (worker) => {
        let sent = 0;
        for (let got = await worker.runOnce(); got > 0; got = await worker.runOnce()) sent += got;
        return sent;
      }),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(300);
    // Each worker took part: the claims really ran side by side.
    expect(counts.filter((count) => count > 0).length).toBeGreaterThan(1);
    const ids = receiver.received.map((request) => request.headers["webhook-id"]);
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
    expect(receiver.received.every((request) => request.verified)).toBe(true);
    const rows = await db.select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts }).from(webhookDeliveries);
    expect(rows.every((row) => row.status === "succeeded" && row.attempts === 1)).toBe(true);
  }, 120_000);
});
