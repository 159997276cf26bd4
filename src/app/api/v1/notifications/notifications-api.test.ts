import type { NextRequest } from "next/server";
import { NextRequest as Request } from "next/server";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import { withRouteSingletons } from "@test/route-singletons";
import type { Actor } from "@/server/context";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";
import { createCommentThread } from "@/server/services/comments/create-comment-thread";
import { replyToThread } from "@/server/services/comments/reply-to-thread";
import { GET } from "./route";
import { POST as MARK_READ } from "./read/route";

// The routes reach the database through a process singleton; requests carry API tokens.
const ORIGIN = "http://localhost:3000";
const database = withTestDatabase();
withRouteSingletons(database);

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
function call(handler: Handler, path: string, token: string, json?: unknown) {
  const headers: Record<string, string> = { host: "localhost:3000", authorization: `Bearer ${token}` };
  if (json !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`${ORIGIN}${path}`, { method: json === undefined ? "GET" : "POST", headers, body: json === undefined ? undefined : JSON.stringify(json) });
  return handler(request, { params: Promise.resolve({}) });
}

const tokenFor = async (actor: Actor, workspaceId: string, scope: "read" | "write") => (await createApiToken(contextFor(database.db, actor), { workspaceId, name: scope, scope })).token;

/** Ada follows a document in each of two workspaces (she started a thread); Bob replies in both. */
async function setup() {
  const ada = await buildUser(database.db, { name: "Ada" });
  const bob = await buildUser(database.db, { name: "Bob" });
  const places = [];
  for (const title of ["Plan", "Budget"]) {
    const workspace = await buildWorkspace(database.db, [
      { actor: ada, role: "owner" },
      { actor: bob, role: "editor" },
    ]);
    const doc = await buildDocument(database.db, workspace.id, { title, createdBy: ada.id });
    const { thread } = await createCommentThread(contextFor(database.db, ada), { documentId: doc.id, body: { ops: [{ insert: "Thoughts?" }] } });
    await replyToThread(contextFor(database.db, bob), { threadId: thread.id, body: { ops: [{ insert: "Yes" }] } });
    places.push({ workspace, doc });
  }
  return { ada, bob, places };
}

interface Listed {
  data: Array<{ id: string; kind: string; text: string; href: string | null; read: boolean }>;
  unread: number;
}

describe("/api/v1/notifications with a token", () => {
  it("lists the token's workspace's notifications only, and marks them read (by id, then all) without touching the other workspace's", async () => {
    const { ada, places } = await setup();
    const [first, second] = places;
    if (!first || !second) throw new Error("two workspaces");
    const read = await tokenFor(ada, first.workspace.id, "read");
    const write = await tokenFor(ada, first.workspace.id, "write");

    const listed = await call(GET, "/api/v1/notifications", read);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toContain("no-store");
    const body = (await listed.json()) as Listed;
    expect(body.unread).toBe(1);
    expect(body.data).toEqual([
      { id: expect.any(String), kind: "reply", text: "Bob replied in a thread on Plan", href: expect.stringMatching(new RegExp(`^/w/${first.workspace.slug}/d/plan-${first.doc.id}#comment-`)), createdAt: expect.any(String), read: false },
    ]);

    // A read token can't change anything; a write token marks, and another workspace's id is ignored.
    expect((await call(MARK_READ, "/api/v1/notifications/read", read, { all: true })).status).toBe(403);
    const secondToken = await tokenFor(ada, second.workspace.id, "read");
    const theirs = ((await (await call(GET, "/api/v1/notifications", secondToken)).json()) as Listed).data[0]?.id;
    const mine = body.data[0]?.id;
    const marked = await call(MARK_READ, "/api/v1/notifications/read", write, { ids: [mine, theirs] });
    expect(await marked.json()).toEqual({ marked: 1 });
    expect(((await (await call(GET, "/api/v1/notifications", read)).json()) as Listed)).toMatchObject({ unread: 0, data: [{ read: true }] });
    expect(((await (await call(GET, "/api/v1/notifications", secondToken)).json()) as Listed)).toMatchObject({ unread: 1, data: [{ read: false }] });

    // "All" with the first workspace's token leaves the second workspace's unread.
    expect(await (await call(MARK_READ, "/api/v1/notifications/read", write, { all: true })).json()).toEqual({ marked: 0 });
    expect(((await (await call(GET, "/api/v1/notifications", secondToken)).json()) as Listed).unread).toBe(1);
  });

  it("answers bad input with a clear error", async () => {
    const { ada, places } = await setup();
    const write = await tokenFor(ada, places[0]?.workspace.id ?? "", "write");
    const neither = await call(MARK_READ, "/api/v1/notifications/read", write, {});
    expect(neither.status).toBe(422);
    expect(await neither.json()).toMatchObject({ error: { message: "Say which notifications to mark read." } });
    const wrong = await call(MARK_READ, "/api/v1/notifications/read", write, { ids: ["not-an-id"] });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ error: { code: "validation_failed", fields: { "ids.0": expect.any(String) } } });
    expect((await call(GET, "/api/v1/notifications", "qk_nonsense")).status).toBe(401);
  });
});
