import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditEvents, memberships, webhookDeliveries, webhooks } from "@/server/db/schema";
import type { Actor } from "@/server/context";
import type { Role } from "@/shared/roles";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import { expectAppError } from "@test/app-errors";
import { changeMemberRole } from "@/server/services/members/change-member-role";
import { removeMember } from "@/server/services/members/remove-member";
import { createShare } from "@/server/services/sharing/create-share";
import { revokeShare } from "@/server/services/sharing/revoke-share";
import { purgeDocument } from "@/server/services/documents/purge-document";
import { restoreDocument } from "@/server/services/documents/restore-document";
import { trashDocument } from "@/server/services/documents/trash-document";
import { WEBHOOK_EVENT_TYPES } from "@/shared/webhook-events";
import { createWebhook } from "./create-webhook";
import { openWebhookSecret } from "./internal/webhook-secret";
import { deleteWebhook } from "./delete-webhook";
import { listWebhookDeliveries } from "./list-webhook-deliveries";
import { listWebhooks } from "./list-webhooks";
import { resendWebhookDelivery } from "./resend-webhook-delivery";
import { enqueueWebhookEvent } from "./internal/enqueue-webhook-event";

const database = withTestDatabase();
const strict = { allowPrivate: false };
const open = { allowPrivate: true };

async function setup() {
  const owner = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
  const member = async (role: Role): Promise<Actor> => {
    const actor = await buildUser(database.db);
    await database.db.insert(memberships).values({ workspaceId: workspace.id, userId: actor.id, role });
    return actor;
  };
  return { owner, workspace, ctx: contextFor(database.db, owner), member };
}

const input = (workspaceId: string, url = "https://93.184.216.34/hook") => ({ workspaceId, url, description: "CI", events: ["document.created" as const] });

describe("createWebhook", () => {
  it("returns the secret once, lists the webhook without it, and records it in the audit log", async () => {
    const { ctx, workspace } = await setup();
    const created = await createWebhook(ctx, input(workspace.id), strict);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created).toMatchObject({ url: "https://93.184.216.34/hook", description: "CI", events: ["document.created"], lastDelivery: null });
    const listed = await listWebhooks(ctx, { id: workspace.id });
    expect(listed).toEqual([{ ...created, secret: undefined }].map(({ secret: _secret, ...rest }) => rest));
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    // Kept sealed: the database alone can't sign a delivery.
    const [stored] = await database.db.select({ secret: webhooks.secret }).from(webhooks).where(eq(webhooks.id, created.id));
    expect(stored?.secret).toMatch(/^sealed:/);
    expect(stored?.secret).not.toContain(created.secret.slice("whsec_".length, 20));
    expect(await openWebhookSecret(stored?.secret ?? "")).toBe(created.secret);
    expect(await openWebhookSecret("whsec_from-before-sealing")).toBe("whsec_from-before-sealing");
    const [event] = await database.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, workspace.id), eq(auditEvents.kind, "webhook.created")));
    expect(event).toMatchObject({ targetId: created.id, targetLabel: created.url, details: { events: "document.created" } });
  });

  it("refuses an address that is not https, or resolves to loopback, link-local or private addresses", async () => {
    const { ctx, workspace } = await setup();
    for (const [url, message] of [
      ["http://93.184.216.34/hook", /https/],
      ["https://127.0.0.1/hook", /127\.0\.0\.1, a private, loopback or link-local address/],
      ["https://169.254.169.254/latest/meta-data", /169\.254\.169\.254/],
      ["https://localhost/hook", /resolves to/],
      ["https://192.168.1.10/hook", /private/],
    ] as const) {
      const error = await expectAppError(createWebhook(ctx, input(workspace.id, url), strict), "validation_failed");
      expect(error.fields?.url, url).toMatch(message);
    }
    // The instance setting lets them through (a receiver on the same network).
    expect((await createWebhook(ctx, input(workspace.id, "http://127.0.0.1:8080/hook"), open)).url).toBe("http://127.0.0.1:8080/hook");
  });

  it("is for admins and owners; editors are forbidden, strangers and other workspaces' tokens not_found", async () => {
    const { workspace, member } = await setup();
    const admin = contextFor(database.db, await member("admin"));
    await createWebhook(admin, input(workspace.id), strict);
    await expectAppError(createWebhook(contextFor(database.db, await member("editor")), input(workspace.id), strict), "forbidden");
    await expectAppError(listWebhooks(contextFor(database.db, await member("editor")), { id: workspace.id }), "forbidden");
    const stranger = await setup();
    await expectAppError(createWebhook(stranger.ctx, input(workspace.id), strict), "not_found");
    // An admin's read token lists but can't create.
    const readToken = { ...admin, grant: { tokenId: crypto.randomUUID(), workspaceId: workspace.id, scope: "read" as const } };
    expect(await listWebhooks(readToken, { id: workspace.id })).toHaveLength(1);
    await expectAppError(createWebhook(readToken, input(workspace.id), strict), "forbidden");
  });
});

describe("deleteWebhook, listWebhookDeliveries, resendWebhookDelivery", () => {
  it("deletes a webhook with its queued deliveries and records it", async () => {
    const { ctx, workspace } = await setup();
    const created = await createWebhook(ctx, input(workspace.id), strict);
    await enqueueWebhookEvent(ctx, { workspaceId: workspace.id, type: "document.created", subjectId: "x", data: {} });
    await deleteWebhook(ctx, { webhookId: created.id });
    expect(await database.db.select().from(webhooks).where(eq(webhooks.id, created.id))).toHaveLength(0);
    expect(await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, created.id))).toHaveLength(0);
    const kinds = (await database.db.select({ kind: auditEvents.kind }).from(auditEvents).where(eq(auditEvents.workspaceId, workspace.id))).map((e) => e.kind);
    expect(kinds).toContain("webhook.deleted");
  });

  it("answers the same not_found for a stranger as for a missing id, and forbidden below admin", async () => {
    const { ctx, workspace, member } = await setup();
    const created = await createWebhook(ctx, input(workspace.id), strict);
    await enqueueWebhookEvent(ctx, { workspaceId: workspace.id, type: "document.created", subjectId: "x", data: {} });
    const [delivery] = (await listWebhookDeliveries(ctx, { webhookId: created.id })).deliveries;
    const stranger = await setup();
    const missing = await expectAppError(deleteWebhook(stranger.ctx, { webhookId: crypto.randomUUID() }), "not_found");
    const hidden = await expectAppError(deleteWebhook(stranger.ctx, { webhookId: created.id }), "not_found");
    expect(hidden.message).toBe(missing.message);
    await expectAppError(listWebhookDeliveries(stranger.ctx, { webhookId: created.id }), "not_found");
    await expectAppError(resendWebhookDelivery(stranger.ctx, { deliveryId: delivery?.id ?? "" }), "not_found");
    const editor = contextFor(database.db, await member("editor"));
    await expectAppError(listWebhookDeliveries(editor, { webhookId: created.id }), "forbidden");
    await expectAppError(resendWebhookDelivery(editor, { deliveryId: delivery?.id ?? "" }), "forbidden");
  });

  it("pages deliveries newest first", async () => {
    const { ctx, workspace } = await setup();
    const created = await createWebhook(ctx, input(workspace.id), strict);
    const start = Date.now();
    for (let i = 0; i < 5; i += 1) {
      await enqueueWebhookEvent(ctx, { workspaceId: workspace.id, type: "document.created", subjectId: String(i), data: { n: i }, at: new Date(start + i) });
    }
    const first = await listWebhookDeliveries(ctx, { webhookId: created.id, limit: 3 });
    const second = await listWebhookDeliveries(ctx, { webhookId: created.id, limit: 3, cursor: first.nextCursor });
    expect([...first.deliveries, ...second.deliveries].map((d) => (d.payload as { data: { n: number } }).data.n)).toEqual([4, 3, 2, 1, 0]);
    expect(second.nextCursor).toBeNull();
    await expectAppError(listWebhookDeliveries(ctx, { webhookId: created.id, cursor: "nonsense" }), "bad_request");
  });
});

describe("events from the use cases", () => {
  it("queues trashed, restored, deleted, published, unpublished, role changed and removed inside their transactions", async () => {
    const { ctx, workspace, member } = await setup();
    const created = await createWebhook(ctx, { workspaceId: workspace.id, url: "https://93.184.216.34/all", description: "", events: [...WEBHOOK_EVENT_TYPES] }, strict);
    const doc = await buildDocument(database.db, workspace.id, { title: "Spec" });
    const share = await createShare(ctx, { documentId: doc.id, includeChildren: false, allowIndexing: false });
    await revokeShare(ctx, { shareId: share.id });
    await trashDocument(ctx, { documentId: doc.id });
    await restoreDocument(ctx, { documentId: doc.id });
    await trashDocument(ctx, { documentId: doc.id });
    await purgeDocument(ctx, { documentId: doc.id });
    const someone = await member("viewer");
    await changeMemberRole(ctx, { workspaceId: workspace.id, userId: someone.id, role: "editor" });
    await removeMember(ctx, { workspaceId: workspace.id, userId: someone.id });
    // A refused change queues nothing: its transaction rolled back.
    await expectAppError(removeMember(ctx, { workspaceId: workspace.id, userId: ctx.actor.id }), "forbidden");
    const rows = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, created.id)).orderBy(webhookDeliveries.createdAt);
    expect(rows.map((row) => row.eventType)).toEqual([
      "document.published",
      "document.unpublished",
      "document.trashed",
      "document.restored",
      "document.trashed",
      "document.deleted",
      "member.role_changed",
      "member.removed",
    ]);
    expect(rows.find((row) => row.eventType === "member.role_changed")?.payload.data).toMatchObject({ userId: someone.id, from: "viewer", to: "editor" });
    expect(rows.find((row) => row.eventType === "document.deleted")?.payload.data).toMatchObject({ documentId: doc.id, title: "Spec" });
  });
});

describe("listWebhooks", () => {
  it("shows each webhook's latest delivery", async () => {
    const { ctx, workspace } = await setup();
    const created = await createWebhook(ctx, input(workspace.id), strict);
    await enqueueWebhookEvent(ctx, { workspaceId: workspace.id, type: "document.created", subjectId: "x", data: {} });
    await database.db.update(webhookDeliveries).set({ status: "succeeded", responseStatus: 200, lastAttemptAt: new Date("2026-01-01T00:00:00Z") }).where(eq(webhookDeliveries.webhookId, created.id));
    const [listed] = await listWebhooks(ctx, { id: workspace.id });
    expect(listed?.lastDelivery).toEqual({ status: "succeeded", responseStatus: 200, at: "2026-01-01T00:00:00.000Z" });
  });
});
