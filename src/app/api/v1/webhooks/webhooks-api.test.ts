import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { DELETE } from "./[id]/route";
import { GET as GET_DELIVERIES } from "./[id]/deliveries/route";
import { buildUser, buildWorkspace } from "@test/factories";
import { enqueueWebhookEvent } from "@/server/services/webhooks/internal/enqueue-webhook-event";
import { withTestDatabase } from "@test/test-database-hooks";
import { signedUpCookie, TEST_HOST as HOST, withRouteSingletons } from "@test/route-singletons";

const ORIGIN = "http://localhost:3000";
const database = withTestDatabase();
const routes = withRouteSingletons(database);
let cookie: string;
let workspace: { id: string; slug: string };
let editorWorkspace: { id: string; slug: string };

beforeAll(async () => {
  const signedUp = await signedUpCookie(routes.auth, "hooks@example.com", "Hooks");
  cookie = signedUp.cookie;
  const actor = signedUp.actor;
  workspace = await buildWorkspace(database.db, [{ actor, role: "admin" }]);
  editorWorkspace = await buildWorkspace(database.db, [{ actor: await buildUser(database.db), role: "owner" }, { actor, role: "editor" }]);
});

const call = (method: string, path: string, body?: unknown) =>
  new NextRequest(`${ORIGIN}${path}`, { method, headers: { ...HOST, cookie, origin: ORIGIN, "content-type": "application/json" }, ...(body ? { body: JSON.stringify(body) } : {}) });
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const noParams = { params: Promise.resolve({}) };

describe("/api/v1/webhooks", () => {
  it("creates (secret once), lists, pages deliveries and deletes", async () => {
    const created = await POST(call("POST", "/api/v1/webhooks", { workspace: workspace.slug, url: "https://93.184.216.34/hook", events: ["document.created", "member.joined"] }), noParams);
    expect(created.status).toBe(201);
    const webhook = (await created.json()) as { id: string; secret: string; events: string[] };
    expect(webhook.secret).toMatch(/^whsec_/);
    expect(created.headers.get("location")).toBe(`/api/v1/webhooks/${webhook.id}`);

    const listed = await GET(call("GET", `/api/v1/webhooks?workspace=${workspace.slug}`), noParams);
    const list = (await listed.json()) as { data: Array<Record<string, unknown>> };
    expect(list.data.map((w) => w.id)).toEqual([webhook.id]);
    expect(list.data[0]).not.toHaveProperty("secret");

    await enqueueWebhookEvent({ db: database.db }, { workspaceId: workspace.id, type: "member.joined", subjectId: "u1", data: { userId: "u1" } });
    const deliveries = await GET_DELIVERIES(call("GET", `/api/v1/webhooks/${webhook.id}/deliveries?limit=10`), params(webhook.id));
    expect(await deliveries.json()).toMatchObject({ data: [{ eventType: "member.joined", status: "pending", attempts: 0, responseStatus: null, payload: { type: "member.joined" } }], nextCursor: null });

    const deleted = await DELETE(call("DELETE", `/api/v1/webhooks/${webhook.id}`), params(webhook.id));
    expect(await deleted.json()).toEqual({ id: webhook.id });
    expect((await DELETE(call("DELETE", `/api/v1/webhooks/${webhook.id}`), params(webhook.id))).status).toBe(404);
  });

  it("refuses a private or plain-http address (422 naming url), unknown events, and a non-id (404)", async () => {
    for (const url of ["https://127.0.0.1/hook", "https://169.254.169.254/", "http://93.184.216.34/"]) {
      const answer = await POST(call("POST", "/api/v1/webhooks", { workspace: workspace.slug, url, events: ["document.created"] }), noParams);
      expect(answer.status, url).toBe(422);
      expect(((await answer.json()) as { error: { fields: Record<string, string> } }).error.fields.url).toBeTruthy();
    }
    const badEvent = await POST(call("POST", "/api/v1/webhooks", { workspace: workspace.slug, url: "https://93.184.216.34/", events: ["document.exploded"] }), noParams);
    expect(badEvent.status).toBe(422);
    expect((await GET_DELIVERIES(call("GET", "/api/v1/webhooks/not-an-id/deliveries"), params("not-an-id"))).status).toBe(404);
  });

  it("is 403 for an editor", async () => {
    expect((await GET(call("GET", `/api/v1/webhooks?workspace=${editorWorkspace.slug}`), noParams)).status).toBe(403);
    const answer = await POST(call("POST", "/api/v1/webhooks", { workspace: editorWorkspace.slug, url: "https://93.184.216.34/", events: ["document.created"] }), noParams);
    expect(answer.status).toBe(403);
  });
});
