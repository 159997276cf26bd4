import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { GET, POST } from "./route";
import { buildDocument, buildUser, buildWorkspace } from "@test/factories";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { deriveDocument } from "@/server/body/derive-document";
import { storeDocumentState } from "@/server/services/documents/internal/store-document-state";
import { withTestDatabase } from "@test/test-database-hooks";
import { signedUpCookie, TEST_HOST as HOST, withRouteSingletons } from "@test/route-singletons";

const database = withTestDatabase();
const routes = withRouteSingletons(database);
let cookie: string;
let workspace: { id: string; slug: string };
beforeAll(async () => {
  const signedUp = await signedUpCookie(routes.auth, "searcher@example.com", "Searcher");
  cookie = signedUp.cookie;
  const actor = signedUp.actor;
  workspace = await buildWorkspace(database.db, [{ actor, role: "viewer" }]);
  for (let i = 0; i < 3; i += 1) await documentWithBody(workspace.id, `Ibis ${i}`, `ibisword number ${i}`);
  await documentWithBody(workspace.id, "Markup", '<script>alert("x")</script> tagword & more');
});

const noParams = { params: Promise.resolve({}) };

async function documentWithBody(workspaceId: string, title: string, body: string) {
  const doc = await buildDocument(database.db, workspaceId, { title });
  const ydoc = new Y.Doc();
  ydoc.getText(BODY_YTEXT).insert(0, `${body}\n`);
  await storeDocumentState(database.db, doc.id, { ydoc: Y.encodeStateAsUpdate(ydoc), ...(await deriveDocument(ydoc)), updatedBy: null });
  return doc;
}

function get(params: Record<string, string>, withCookie = true) {
  const url = `http://localhost:3000/api/v1/search?${new URLSearchParams(params)}`;
  return GET(new NextRequest(url, { headers: { ...HOST, ...(withCookie ? { cookie } : {}) } }), noParams);
}

interface Body {
  data: Array<{ id: string; title: string; snippet: string; url: string; path: unknown[]; updatedAt: string }>;
  nextCursor: string | null;
}

describe("GET /api/v1/search", () => {
  it("answers 401 without a session", async () => {
    const response = await get({ workspace: workspace.slug, q: "ibisword" }, false);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "unauthenticated" } });
  });

  it("answers {data, nextCursor} pages for a workspace named by slug or by id", async () => {
    const first = await get({ workspace: workspace.slug, q: "ibisword", limit: "2" });
    expect(first.status).toBe(200);
    const body = (await first.json()) as Body;
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      title: expect.stringMatching(/^Ibis \d$/),
      snippet: expect.stringContaining("<mark>ibisword</mark>"),
      path: [],
      url: expect.stringMatching(new RegExp(`^/w/${workspace.slug}/d/ibis-\\d-[a-z0-9]{12}$`)),
      updatedAt: expect.any(String),
    });
    const second = (await (await get({ workspace: workspace.id, q: "ibisword", limit: "2", cursor: body.nextCursor ?? "" })).json()) as Body;
    expect(second.data).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...body.data, ...second.data].map((d) => d.id)).size).toBe(3);
  });

  it("answers a blank query with an empty list", async () => {
    expect(await (await get({ workspace: workspace.slug, q: "  " })).json()).toEqual({ data: [], nextCursor: null });
    expect(await (await get({ workspace: workspace.slug })).json()).toEqual({ data: [], nextCursor: null });
  });

  it("escapes the document's text in snippets", async () => {
    const body = (await (await get({ workspace: workspace.slug, q: "tagword" })).json()) as Body;
    expect(body.data).toHaveLength(1);
    expect(body.data[0]?.snippet).toMatch(/^[^<>]*<mark>tagword<\/mark> &amp; more$/);
  });

  it("answers 400 bad_request for long queries, a missing workspace, a bad limit or cursor", async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ workspace: workspace.slug, q: "x".repeat(201) }, /at most 200 characters/],
      [{ workspace: workspace.slug, q: "y".repeat(10 * 1024) }, /at most 200 characters/],
      [{ q: "ibisword" }, /workspace/],
      [{ workspace: workspace.slug, q: "ibisword", limit: "0" }, /limit/],
      [{ workspace: workspace.slug, q: "ibisword", limit: "101" }, /limit/],
      [{ workspace: workspace.slug, q: "ibisword", limit: "ten" }, /limit/],
      [{ workspace: workspace.slug, q: "ibisword", cursor: "nope" }, /cursor/],
    ];
    for (const [params, message] of cases) {
      const response = await get(params);
      expect(response.status, JSON.stringify(params).slice(0, 80)).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "bad_request", message: expect.stringMatching(message) } });
    }
  });

  it("answers 404 for a workspace the caller is not in, by slug or id", async () => {
    const stranger = await buildUser(database.db);
    const other = await buildWorkspace(database.db, [{ actor: stranger, role: "owner" }]);
    for (const ref of [other.slug, other.id, "no-such-workspace"]) {
      const response = await get({ workspace: ref, q: "ibisword" });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    }
  });

  it("answers 405 to other methods", async () => {
    const response = await POST(new NextRequest("http://localhost:3000/api/v1/search", { method: "POST", headers: HOST }), noParams);
    expect(response.status).toBe(405);
  });
});
