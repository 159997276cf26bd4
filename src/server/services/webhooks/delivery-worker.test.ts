import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "@/server/db/schema";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import { startWebhookReceiver } from "@test/webhook-receiver";
import { createDocument } from "@/server/services/documents/create-document";
import { trashDocument } from "@/server/services/documents/trash-document";
import { CLAIM_LEASE_MS, claimDueDeliveries } from "./internal/claim-due-deliveries";
import { DeliveryWorker } from "./internal/delivery-worker";
import { enqueueWebhookEvent } from "./internal/enqueue-webhook-event";
import { createWebhook } from "./create-webhook";
import { resendWebhookDelivery } from "./resend-webhook-delivery";

const database = withTestDatabase();
const allowPrivate = { allowPrivate: true };
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
// Each test's worker takes every due row: start from an empty queue and no scripted answers.
beforeEach(async () => {
  await database.db.delete(webhooks);
  receiver.answers.length = 0;
});

/** A workspace with an owner and a webhook to the receiver for `events`. */
async function setup(events: Parameters<typeof createWebhook>[1]["events"] = ["document.created", "document.trashed"], path = "/hook") {
  const owner = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
  const ctx = contextFor(database.db, owner);
  const webhook = await createWebhook(ctx, { workspaceId: workspace.id, url: `${receiver.url}${path}`, description: "", events }, allowPrivate);
  receiver.useSecret(webhook.secret);
  return { owner, workspace, ctx, webhook };
}

/** A worker on the test database with a movable clock. */
function workerAt(clock: { now: Date }, options: { allowPrivate?: boolean; timeoutMs?: number; batchSize?: number } = {}) {
  return new DeliveryWorker(async () => database.db, { allowPrivate: options.allowPrivate ?? true, now: () => clock.now, timeoutMs: options.timeoutMs, batchSize: options.batchSize });
}

async function deliveriesOf(webhookId: string) {
  return database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)).orderBy(webhookDeliveries.createdAt);
}

function receivedOn(path: string) {
  return receiver.received.filter((request) => request.path === path);
}

describe("the delivery worker", () => {
  it("sends a use case's event, signed so the receiver's Standard Webhooks verifier accepts it", async () => {
    const { ctx, workspace, webhook } = await setup(["document.created"], "/signed");
    const doc = await createDocument(ctx, { workspaceId: workspace.id, title: "Plan" });
    // Queued with the change, not sent by it.
    expect(receivedOn("/signed")).toHaveLength(0);
    const [queued] = await deliveriesOf(webhook.id);
    expect(queued).toMatchObject({ status: "pending", attempts: 0, eventType: "document.created", subjectId: doc.id });

    expect(await workerAt({ now: new Date() }).runOnce()).toBeGreaterThanOrEqual(1);
    const [request] = receivedOn("/signed");
    expect(request?.verified).toBe(true);
    expect(request?.headers["webhook-id"]).toBe(queued?.messageId);
    expect(request?.payload).toMatchObject({ type: "document.created", data: { workspaceId: workspace.id, documentId: doc.id, title: "Plan" } });
    const [done] = await deliveriesOf(webhook.id);
    expect(done).toMatchObject({ status: "succeeded", attempts: 1, responseStatus: 200, responseExcerpt: "ok", nextAttemptAt: null });
  });

  it("only queues the types a webhook subscribed to, and nothing for other workspaces", async () => {
    const { ctx, workspace, webhook } = await setup(["document.trashed"], "/filtered");
    const other = await setup(["document.created"], "/elsewhere");
    const doc = await createDocument(ctx, { workspaceId: workspace.id, title: "A" });
    expect(await deliveriesOf(webhook.id)).toHaveLength(0);
    await trashDocument(ctx, { documentId: doc.id });
    expect((await deliveriesOf(webhook.id)).map((row) => row.eventType)).toEqual(["document.trashed"]);
    expect(await deliveriesOf(other.webhook.id)).toHaveLength(0);
  });

  it("retries a 500 after the backoff, then records the success (same message id, signed again)", async () => {
    const { workspace, webhook } = await setup(["document.created"], "/flaky");
    const clock = { now: new Date() };
    await enqueueWebhookEvent({ db: database.db }, { workspaceId: workspace.id, type: "document.created", subjectId: "x", data: { documentId: "x" }, at: clock.now });
    receiver.answers.push({ status: 500, body: "boom ".repeat(200) });
    await workerAt(clock).runOnce();
    let [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500 });
    expect(row?.responseExcerpt?.length).toBe(500);
    expect(row?.nextAttemptAt?.getTime()).toBe(clock.now.getTime() + 30_000);

    // Not due yet: nothing is sent.
    clock.now = new Date(clock.now.getTime() + 29_000);
    await workerAt(clock).runOnce();
    expect(receivedOn("/flaky")).toHaveLength(1);
    clock.now = new Date(clock.now.getTime() + 1_000);
    await workerAt(clock).runOnce();
    [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "succeeded", attempts: 2, responseStatus: 200 });
    const [first, second] = receivedOn("/flaky");
    expect(second?.verified).toBe(true);
    expect(second?.headers["webhook-id"]).toBe(first?.headers["webhook-id"]);
  });

  it("gives up after 24 hours of failures", async () => {
    const { workspace, webhook } = await setup(["document.created"], "/down");
    const start = new Date();
    await enqueueWebhookEvent({ db: database.db }, { workspaceId: workspace.id, type: "document.created", subjectId: "x", data: {}, at: start });
    const clock = { now: start };
    for (let attempt = 0; attempt < 30; attempt += 1) {
      receiver.answers.push({ status: 503 });
      await workerAt(clock).runOnce();
      const [row] = await deliveriesOf(webhook.id);
      if (row?.status !== "pending") break;
      clock.now = row.nextAttemptAt ?? clock.now;
    }
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "failed", attempts: 15, responseStatus: 503, nextAttemptAt: null });
    expect(clock.now.getTime() - start.getTime()).toBe(24 * 60 * 60 * 1000);
    receiver.answers.length = 0;
  });

  it("times out a receiver that never answers, and follows no redirect", async () => {
    const { workspace, webhook } = await setup(["document.created"], "/slow");
    const clock = { now: new Date() };
    await enqueueWebhookEvent({ db: database.db }, { workspaceId: workspace.id, type: "document.created", subjectId: "x", data: {}, at: clock.now });
    receiver.answers.push("hang");
    // A receiver that never answers would hold runOnce until the test's own limit without it.
    await workerAt(clock, { timeoutMs: 500 }).runOnce();
    let [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "pending", responseStatus: null, responseExcerpt: "No answer within 1 s." });

    receiver.answers.push({ status: 302, headers: { location: `${receiver.url}/elsewhere-redirect` } });
    clock.now = row?.nextAttemptAt ?? clock.now;
    await workerAt(clock).runOnce();
    [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "pending", responseStatus: 302 });
    expect(receivedOn("/elsewhere-redirect")).toHaveLength(0);
  });

  it("refuses at delivery time, by resolved address, what the instance no longer allows (a literal, a name)", async () => {
    const { ctx, workspace } = await setup(["document.created"], "/unused");
    const port = new URL(receiver.url).port;
    for (const host of ["127.0.0.1", "localhost"]) {
      await createWebhook(ctx, { workspaceId: workspace.id, url: `https://${host}:${port}/rebound`, description: "", events: ["document.created"] }, allowPrivate);
    }
    await database.db.delete(webhooks).where(eq(webhooks.url, `${receiver.url}/unused`));
    await enqueueWebhookEvent({ db: database.db }, { workspaceId: workspace.id, type: "document.created", subjectId: "x", data: {} });
    expect(await workerAt({ now: new Date() }, { allowPrivate: false }).runOnce()).toBe(2);
    const rows = await database.db.select().from(webhookDeliveries);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "pending", responseStatus: null });
      expect(row.responseExcerpt).toMatch(/resolves to (127\.0\.0\.1|::1), a private, loopback or link-local address/);
    }
    expect(receiver.received.filter((r) => r.path === "/rebound")).toHaveLength(0);
  });

  it("survives a restart: queued rows, and rows a dead worker had claimed, go out from a new worker", async () => {
    const { workspace, webhook } = await setup(["document.created"], "/restart");
    const clock = { now: new Date() };
    for (const id of ["a", "b"]) {
      await enqueueWebhookEvent({ db: database.db }, { workspaceId: workspace.id, type: "document.created", subjectId: id, data: { id }, at: clock.now });
    }
    // A worker claims one row and "dies" before sending it.
    const [claimed] = await claimDueDeliveries(database.db, 1, clock.now);
    expect(claimed).toBeDefined();
    // A new worker, started after the restart: the unclaimed row goes at once…
    await workerAt(clock).runOnce();
    expect(receivedOn("/restart").map((r) => r.payload?.data.id)).toHaveLength(1);
    // …the claimed one once its lease has ended.
    clock.now = new Date(clock.now.getTime() + CLAIM_LEASE_MS);
    await workerAt(clock).runOnce();
    expect(receivedOn("/restart").map((r) => r.payload?.data.id).sort()).toEqual(["a", "b"]);
    expect((await deliveriesOf(webhook.id)).map((row) => row.status)).toEqual(["succeeded", "succeeded"]);
  });

  it("the real loop (start/stop) delivers what was queued while no worker ran", async () => {
    const { workspace, webhook } = await setup(["document.created"], "/loop");
    await enqueueWebhookEvent({ db: database.db }, { workspaceId: workspace.id, type: "document.created", subjectId: "x", data: {} });
    const worker = new DeliveryWorker(async () => database.db, { allowPrivate: true, pollMs: 50 });
    worker.start();
    await expect.poll(async () => (await deliveriesOf(webhook.id))[0]?.status).toBe("succeeded");
    await worker.stop();
  });

  it("never lets two claims take the same row (FOR UPDATE SKIP LOCKED)", async () => {
    const { workspace, webhook } = await setup(["document.created"], "/claims");
    const at = new Date();
    for (let i = 0; i < 10; i += 1) {
      await enqueueWebhookEvent({ db: database.db }, { workspaceId: workspace.id, type: "document.created", subjectId: String(i), data: {}, at });
    }
    const batches = await Promise.all([claimDueDeliveries(database.db, 6, at), claimDueDeliveries(database.db, 6, at), claimDueDeliveries(database.db, 6, at)]);
    const ids = batches.flat().map((row) => row.id);
    const mine = new Set((await deliveriesOf(webhook.id)).map((row) => row.id));
    const claimedHere = ids.filter((id) => mine.has(id));
    expect(new Set(claimedHere).size).toBe(claimedHere.length);
    expect(claimedHere.length).toBe(10);
  });

  it("delivers a burst of 1,000 events, each exactly once", async () => {
    const { workspace, webhook } = await setup(["document.created"], "/burst");
    const at = new Date();
    for (let i = 0; i < 1000; i += 100) {
      await database.db.transaction(async (tx) => {
        for (let j = i; j < i + 100; j += 1) {
          await enqueueWebhookEvent({ db: tx }, { workspaceId: workspace.id, type: "document.created", subjectId: String(j), data: { n: j }, at });
        }
      });
    }
    const worker = workerAt({ now: at }, { batchSize: 100 });
    while ((await worker.runOnce()) > 0);
    const got = receivedOn("/burst");
    expect(got).toHaveLength(1000);
    expect(new Set(got.map((r) => r.headers["webhook-id"])).size).toBe(1000);
    expect(got.every((r) => r.verified)).toBe(true);
    const rows = await deliveriesOf(webhook.id);
    expect(rows.every((row) => row.status === "succeeded" && row.attempts === 1)).toBe(true);
  }, 120_000);

  it("re-sends a delivery as a new one with the same message and body", async () => {
    const { ctx, workspace, webhook } = await setup(["document.created"], "/resend");
    await buildDocument(database.db, workspace.id);
    await enqueueWebhookEvent({ db: database.db }, { workspaceId: workspace.id, type: "document.created", subjectId: "x", data: { n: 1 } });
    await workerAt({ now: new Date() }).runOnce();
    const [original] = await deliveriesOf(webhook.id);
    const resent = await resendWebhookDelivery(ctx, { deliveryId: original?.id ?? "" });
    await workerAt({ now: new Date(Date.now() + 1000) }).runOnce();
    const rows = await deliveriesOf(webhook.id);
    expect(rows.find((row) => row.id === resent.id)).toMatchObject({ status: "succeeded", resentFromId: original?.id, messageId: original?.messageId });
    const [first, second] = receivedOn("/resend");
    expect(second?.body).toBe(first?.body);
    expect(second?.verified).toBe(true);
  });
});
