import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import * as documentRoute from "@/app/api/v1/documents/[id]/route";
import * as restoreRoute from "@/app/api/v1/documents/[id]/restore/route";
import * as documentsRoute from "@/app/api/v1/documents/route";
import * as searchRoute from "@/app/api/v1/search/route";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { Actor } from "@/server/context";
import { apiTokens, memberships } from "@/server/db/schema";
import { createApiRateLimiter } from "@/server/http/api-rate-limiter";
import { clearProcessSingleton, processSingleton } from "@/server/process-singleton";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";
import { revokeApiToken } from "@/server/services/api-tokens/revoke-api-token";
import { withTestDatabase } from "@test/test-database-hooks";
import { signedUpCookie, withRouteSingletons } from "@test/route-singletons";

// The routes reach the database and auth through process singletons (withRouteSingletons). Most
// requests carry tokens; the cookie cases sign someone up.
const ORIGIN = "http://localhost:3000";
const database = withTestDatabase();
const routes = withRouteSingletons(database);
let owner: Actor;
let workspace: { id: string; slug: string };
let writeToken: string;
let readToken: string;
beforeAll(async () => {
  owner = await buildUser(database.db, { name: "Owner" });
  workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
  writeToken = await tokenFor(owner, workspace.id, "write");
  readToken = await tokenFor(owner, workspace.id, "read");
});

async function tokenFor(actor: Actor, workspaceId: string, scope: "read" | "write") {
  return (await createApiToken(contextFor(database.db, actor), { workspaceId, name: `${scope} token`, scope })).token;
}

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

function call(handler: Handler, path: string, options: { token?: string; method?: string; json?: unknown; body?: string; params?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { host: "localhost:3000" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.body;
  if (options.json !== undefined) body = JSON.stringify(options.json);
  if (body !== undefined) headers["content-type"] = "application/json";
  const request = new NextRequest(`${ORIGIN}${path}`, { method: options.method ?? "GET", headers, body });
  return handler(request, { params: Promise.resolve(options.params ?? {}) });
}

const create = (json: unknown, token = writeToken) => call(documentsRoute.POST, "/api/v1/documents", { method: "POST", json, token });

describe("API v1 documents with a token", () => {
  it("creates a document from Markdown (201), reads it back in every format and lists it", async () => {
    const response = await create({ title: "Plan", markdown: "# Goals\n\nShip **it**." });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; url: string; parentId: null };
    expect(created).toMatchObject({ title: "Plan", parentId: null, url: `/w/${workspace.slug}/d/plan-${created.id}` });
    const read = async (format: string) =>
      (await (await call(documentRoute.GET, `/api/v1/documents/${created.id}?format=${format}`, { token: readToken, params: { id: created.id } })).json()) as Record<string, unknown>;
    expect((await read("delta")).delta).toEqual({ ops: [{ insert: "Goals" }, { insert: "\n", attributes: { header: 1 } }, { insert: "Ship " }, { insert: "it", attributes: { bold: true } }, { insert: ".\n" }] });
    expect((await read("markdown")).markdown).toContain("Ship **it**.");
    expect((await read("html")).html).toContain("<strong>it</strong>");
    const bad = await call(documentRoute.GET, `/api/v1/documents/${created.id}?format=pdf`, { token: readToken, params: { id: created.id } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "bad_request", fields: { format: expect.any(String) } } });
  });

  it("pages lists with cursor and limit, and lists a parent's children in tree order", async () => {
    const parent = (await (await create({ title: "Parent", delta: { ops: [{ insert: "hi\n" }] } })).json()) as { id: string };
    for (const title of ["c1", "c2", "c3"]) expect((await create({ title, parentId: parent.id })).status).toBe(201);
    const first = (await (await call(documentsRoute.GET, `/api/v1/documents?parentId=${parent.id}&limit=2`, { token: readToken })).json()) as { data: Array<{ title: string }>; nextCursor: string };
    expect(first.data.map((d) => d.title)).toEqual(["c1", "c2"]);
    const second = (await (await call(documentsRoute.GET, `/api/v1/documents?parentId=${parent.id}&limit=2&cursor=${first.nextCursor}`, { token: readToken })).json()) as { data: Array<{ title: string }>; nextCursor: null };
    expect(second).toEqual({ data: [expect.objectContaining({ title: "c3" })], nextCursor: null });
    const all: string[] = [];
    let cursor = "";
    for (let i = 0; i < 10; i += 1) {
      const page = (await (await call(documentsRoute.GET, `/api/v1/documents?limit=1${cursor && `&cursor=${cursor}`}`, { token: readToken })).json()) as { data: Array<{ id: string }>; nextCursor: string | null };
      all.push(...page.data.map((d) => d.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain(parent.id);
    for (const query of ["limit=0", "limit=101", "limit=x", "cursor=garbage", "parentId=NOT_AN_ID"]) {
      expect((await call(documentsRoute.GET, `/api/v1/documents?${query}`, { token: readToken })).status, query).toBe(400);
    }
  });

  it("renames and moves with PATCH; a stale position is 409; DELETE trashes and restore brings it back", async () => {
    const a = (await (await create({ title: "A" })).json()) as { id: string };
    const b = (await (await create({ title: "B" })).json()) as { id: string };
    const patch = (id: string, json: unknown, token = writeToken) => call(documentRoute.PATCH, `/api/v1/documents/${id}`, { method: "PATCH", json, token, params: { id } });
    const moved = await patch(b.id, { title: "B2", parentId: a.id });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ id: b.id, title: "B2", parentId: a.id });
    const c = (await (await create({ title: "C" })).json()) as { id: string };
    const stale = await patch(c.id, { parentId: a.id, position: { afterId: a.id } });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: { code: "conflict" } });
    expect((await patch(c.id, { parentId: a.id, position: { beforeId: b.id } })).status).toBe(200);
    const children = (await (await call(documentsRoute.GET, `/api/v1/documents?parentId=${a.id}`, { token: readToken })).json()) as { data: Array<{ id: string }> };
    expect(children.data.map((d) => d.id)).toEqual([c.id, b.id]);
    expect((await patch(a.id, { parentId: b.id })).status).toBe(409);
    expect((await patch(a.id, {})).status).toBe(422);

    const trashed = await call(documentRoute.DELETE, `/api/v1/documents/${a.id}`, { method: "DELETE", token: writeToken, params: { id: a.id } });
    expect(await trashed.json()).toMatchObject({ id: a.id, trashedCount: 3 });
    expect((await call(documentRoute.GET, `/api/v1/documents/${b.id}`, { token: readToken, params: { id: b.id } })).status).toBe(404);
    const restored = await call(restoreRoute.POST, `/api/v1/documents/${a.id}/restore`, { method: "POST", token: writeToken, params: { id: a.id } });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ id: a.id, title: "A" });
    expect((await call(documentRoute.GET, `/api/v1/documents/${b.id}`, { token: readToken, params: { id: b.id } })).status).toBe(200);
  });

  it("searches the token's workspace when none is named", async () => {
    await create({ title: "Zebra notes", markdown: "stripes" });
    const response = await call(searchRoute.GET, "/api/v1/search?q=zebra", { token: readToken });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: Array<{ title: string }> }).data.map((d) => d.title)).toEqual(["Zebra notes"]);
  });
});

describe("API v1 refusals", () => {
  it("refuses writes with a read token (403) and keeps reads working", async () => {
    const response = await create({ title: "Nope" }, readToken);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "forbidden" } });
    expect((await call(documentsRoute.GET, "/api/v1/documents", { token: readToken })).status).toBe(200);
  });

  it("answers 401 for unknown, malformed, revoked and expired tokens", async () => {
    const revoked = await createApiToken(contextFor(database.db, owner), { workspaceId: workspace.id, name: "r", scope: "write" });
    await revokeApiToken(contextFor(database.db, owner), { tokenId: revoked.apiToken.id });
    const expired = await createApiToken(contextFor(database.db, owner), { workspaceId: workspace.id, name: "e", scope: "write" });
    await database.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, expired.apiToken.id));
    for (const token of ["quire_unknown", revoked.token, expired.token]) {
      const response = await call(documentsRoute.GET, "/api/v1/documents", { token });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: "unauthenticated" } });
    }
    const basic = await documentsRoute.GET(new NextRequest(`${ORIGIN}/api/v1/documents`, { headers: { authorization: "Basic eDp5" } }), { params: Promise.resolve({}) });
    expect(basic.status).toBe(401);
  });

  it("makes a token useless once its user leaves the workspace", async () => {
    const member = await buildUser(database.db);
    await database.db.insert(memberships).values({ workspaceId: workspace.id, userId: member.id, role: "editor" });
    const token = await tokenFor(member, workspace.id, "write");
    expect((await call(documentsRoute.GET, "/api/v1/documents", { token })).status).toBe(200);
    await database.db.delete(memberships).where(eq(memberships.userId, member.id));
    expect((await call(documentsRoute.GET, "/api/v1/documents", { token })).status).toBe(401);
  });

  it("answers 404 for another workspace's document, even one the token's user belongs to", async () => {
    const other = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const elsewhere = await buildDocument(database.db, other.id, { title: "Elsewhere" });
    const read = await call(documentRoute.GET, `/api/v1/documents/${elsewhere.id}`, { token: writeToken, params: { id: elsewhere.id } });
    expect(read.status).toBe(404);
    expect(await read.json()).toMatchObject({ error: { code: "not_found" } });
    const missing = await call(documentRoute.GET, "/api/v1/documents/zzzzzzzzzzzz", { token: writeToken, params: { id: "zzzzzzzzzzzz" } });
    expect(await missing.json()).toEqual(await (await call(documentRoute.GET, `/api/v1/documents/${elsewhere.id}`, { token: writeToken, params: { id: elsewhere.id } })).json());
    expect((await call(documentsRoute.GET, `/api/v1/documents?workspace=${other.slug}`, { token: writeToken })).status).toBe(404);
    expect((await create({ title: "x", workspace: other.id })).status).toBe(404);
    expect((await call(documentRoute.DELETE, `/api/v1/documents/${elsewhere.id}`, { method: "DELETE", token: writeToken, params: { id: elsewhere.id } })).status).toBe(404);
  });

  it("answers 422 naming unknown fields, 400 for malformed JSON, 415 without JSON and 413 past 1 MB", async () => {
    const unknown = await create({ title: "x", colour: "red", extra: 1 });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ error: { code: "validation_failed", fields: { _: expect.stringMatching(/colour.*extra|extra.*colour/) } } });
    const both = await create({ title: "x", markdown: "a", delta: { ops: [] } });
    expect(await both.json()).toMatchObject({ error: { fields: { delta: expect.any(String) } } });
    expect((await call(documentsRoute.POST, "/api/v1/documents", { method: "POST", body: "{nope", token: writeToken })).status).toBe(400);
    const text = await documentsRoute.POST(
      new NextRequest(`${ORIGIN}/api/v1/documents`, { method: "POST", body: "title", headers: { authorization: `Bearer ${writeToken}`, "content-type": "text/plain" } }),
      { params: Promise.resolve({}) },
    );
    expect(text.status).toBe(415);
    const huge = await create({ title: "big", markdown: "x".repeat(1.5 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: "too_large" } });
  });

  it("answers 429 with Retry-After once a token has used its allowance", async () => {
    clearProcessSingleton("api-rate-limiter");
    processSingleton("api-rate-limiter", () => createApiRateLimiter(3));
    try {
      const token = await tokenFor(owner, workspace.id, "read");
      for (let i = 0; i < 3; i += 1) expect((await call(documentsRoute.GET, "/api/v1/documents", { token })).status).toBe(200);
      const limited = await call(documentsRoute.GET, "/api/v1/documents", { token });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.json()).toMatchObject({ error: { code: "rate_limited" } });
      // Another token has its own allowance.
      expect((await call(documentsRoute.GET, "/api/v1/documents", { token: readToken })).status).toBe(200);
    } finally {
      clearProcessSingleton("api-rate-limiter");
    }
  });
});

describe("API v1 with the session cookie", () => {
  let cookie: string;
  beforeAll(async () => {
    const signedUp = await signedUpCookie(routes.auth, "cookie-user@example.com", "Cookie");
    cookie = signedUp.cookie;
    await database.db.insert(memberships).values({ workspaceId: workspace.id, userId: signedUp.actor.id, role: "editor" });
  });

  const post = (headers: Record<string, string>) =>
    documentsRoute.POST(
      new NextRequest(`${ORIGIN}/api/v1/documents`, {
        method: "POST",
        body: JSON.stringify({ workspace: workspace.slug, title: "From the app" }),
        headers: { host: "localhost:3000", cookie, "content-type": "application/json", ...headers },
      }),
      { params: Promise.resolve({}) },
    );

  it("changes data only from the site itself (CSRF): another Origin or Sec-Fetch-Site is 403", async () => {
    expect((await post({ origin: ORIGIN })).status).toBe(201);
    expect((await post({})).status).toBe(201);
    const crossSite = await post({ origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ error: { code: "forbidden" } });
    expect((await post({ "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  it("needs `workspace` where a token would default to its own", async () => {
    const response = await documentsRoute.GET(new NextRequest(`${ORIGIN}/api/v1/documents`, { headers: { host: "localhost:3000", cookie } }), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "bad_request", fields: { workspace: expect.any(String) } } });
  });

  it("never lets a bad token fall back to the cookie", async () => {
    const response = await documentsRoute.GET(
      new NextRequest(`${ORIGIN}/api/v1/documents?workspace=${workspace.slug}`, { headers: { host: "localhost:3000", cookie, authorization: "Bearer quire_nope" } }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(401);
  });
});
