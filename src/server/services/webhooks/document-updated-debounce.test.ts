import { beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as Y from "yjs";
import type { onStoreDocumentPayload } from "@hocuspocus/server";
import { webhookDeliveries, webhooks } from "@/server/db/schema";
import { PersistenceExtension } from "@/server/collab/persistence-extension";
import { collabDocumentName } from "@/shared/protocol/document-name";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import { UPDATE_DEBOUNCE_MS, enqueueDocumentUpdated } from "./internal/enqueue-document-updated";
import { claimDueDeliveries } from "./internal/claim-due-deliveries";
import { createWebhook } from "./create-webhook";

const database = withTestDatabase();

beforeEach(async () => {
  await database.db.delete(webhooks);
});

async function setup(events: Parameters<typeof createWebhook>[1]["events"] = ["document.updated"]) {
  const owner = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
  const webhook = await createWebhook(contextFor(database.db, owner), { workspaceId: workspace.id, url: "http://127.0.0.1:9/hook", description: "", events }, { allowPrivate: true });
  const doc = await buildDocument(database.db, workspace.id, { title: "Draft" });
  return { owner, workspace, webhook, doc };
}

async function updatesOf(webhookId: string, documentId: string) {
  return database.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.subjectId, documentId)))
    .orderBy(webhookDeliveries.scheduledAt);
}

const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);

describe("document.updated", () => {
  it("goes out at once for a quiet document, then at most once a minute, always after the last change", async () => {
    const { owner, webhook, doc } = await setup();
    const t0 = new Date();
    expect(await enqueueDocumentUpdated(database.db, doc.id, { actorId: owner.id, at: t0 })).toBe(1);
    // Still waiting to be sent: later changes join it.
    expect(await enqueueDocumentUpdated(database.db, doc.id, { actorId: owner.id, at: at(t0, 10) })).toBe(0);
    await claimDueDeliveries(database.db, 10, at(t0, 11));
    // Sent: the next change within the minute waits for the minute's end…
    expect(await enqueueDocumentUpdated(database.db, doc.id, { actorId: owner.id, at: at(t0, 20) })).toBe(1);
    // …and everything until then joins it.
    for (const seconds of [25, 40, 59]) expect(await enqueueDocumentUpdated(database.db, doc.id, { actorId: owner.id, at: at(t0, seconds) })).toBe(0);
    const rows = await updatesOf(webhook.id, doc.id);
    expect(rows.map((row) => row.scheduledAt.getTime() - t0.getTime())).toEqual([0, UPDATE_DEBOUNCE_MS]);
    expect(rows[1]?.payload).toMatchObject({ type: "document.updated", data: { documentId: doc.id, title: "Draft", updatedBy: owner.id } });

    // That one sent too; a change long after goes out at once again.
    await claimDueDeliveries(database.db, 10, at(t0, 61));
    expect(await enqueueDocumentUpdated(database.db, doc.id, { actorId: owner.id, at: at(t0, 300) })).toBe(1);
    expect((await updatesOf(webhook.id, doc.id)).map((row) => (row.scheduledAt.getTime() - t0.getTime()) / 1000)).toEqual([0, 60, 300]);
  });

  it("is queued only for webhooks that want it, and not for a trashed document", async () => {
    const { owner, webhook, doc } = await setup(["document.created"]);
    expect(await enqueueDocumentUpdated(database.db, doc.id, { actorId: owner.id })).toBe(0);
    expect(await updatesOf(webhook.id, doc.id)).toHaveLength(0);
    const other = await setup();
    const trashed = await buildDocument(database.db, other.workspace.id, { deletedAt: new Date() });
    expect(await enqueueDocumentUpdated(database.db, trashed.id, { actorId: owner.id })).toBe(0);
  });

  it("comes from the collaboration store path: a store with a writer queues it, debounced; a store without one does not", async () => {
    const { owner, webhook, doc } = await setup();
    let now = new Date();
    const persistence = new PersistenceExtension(async () => database.db, { now: () => now });
    const document = new Y.Doc();
    const store = (context: unknown) =>
      persistence.onStoreDocument({ documentName: collabDocumentName(doc.id), document, lastContext: context } as unknown as onStoreDocumentPayload);

    await store({});
    expect(await updatesOf(webhook.id, doc.id)).toHaveLength(0);
    document.getText(BODY_YTEXT).insert(0, "Hello");
    await store({ actor: owner });
    now = at(now, 5);
    await store({ actor: owner });
    const rows = await updatesOf(webhook.id, doc.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload.data).toMatchObject({ documentId: doc.id, updatedBy: owner.id });
  });
});
