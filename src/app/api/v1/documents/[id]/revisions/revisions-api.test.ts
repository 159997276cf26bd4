import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as LIST, POST as LIST_POST } from "./route";
import { GET as RESTORE_GET, POST as RESTORE } from "@/app/api/v1/documents/[id]/revisions/[rev]/restore/route";
import { buildDocument, buildWorkspace, contextFor } from "@test/factories";
import type { Actor } from "@/server/context";
import { stateFromDelta } from "@/server/body/state-from-delta";
import { storeDocumentState } from "@/server/services/documents/internal/store-document-state";
import { saveVersion } from "@/server/services/revisions/save-version";
import { withTestDatabase } from "@test/test-database-hooks";
import { signedUpCookie, TEST_HOST as HOST, withRouteSingletons } from "@test/route-singletons";

const database = withTestDatabase();
const routes = withRouteSingletons(database);
const cookies: Record<"owner" | "viewer", string> = { owner: "", viewer: "" };
let owner: Actor;
let doc: { id: string };
let revisionIds: string[] = [];

beforeAll(async () => {
  const actors: Partial<Record<"owner" | "viewer", Actor>> = {};
  for (const who of ["owner", "viewer"] as const) {
    const signedUp = await signedUpCookie(routes.auth, `${who}@example.com`, who === "owner" ? "Olive" : "Vera");
    cookies[who] = signedUp.cookie;
    actors[who] = signedUp.actor;
  }
  owner = actors.owner!;
  const workspace = await buildWorkspace(database.db, [
    { actor: owner, role: "owner" },
    { actor: actors.viewer!, role: "viewer" },
  ]);
  doc = await buildDocument(database.db, workspace.id, { title: "Plan" });
  for (const word of ["one", "two", "three"]) {
    const state = await stateFromDelta({ ops: [{ insert: `${word}\n` }] });
    await storeDocumentState(database.db, doc.id, { ...state, updatedBy: owner.id, writerIds: [owner.id] });
    revisionIds.push((await saveVersion(contextFor(database.db, owner), { documentId: doc.id, name: `v-${word}` })).id);
  }
  revisionIds = revisionIds.reverse(); // newest first, as listed
});

function call(handler: typeof LIST, path: string, params: Record<string, string>, who: "owner" | "viewer" | null, method = "GET") {
  const request = new NextRequest(`http://localhost:3000${path}`, { method, headers: { ...HOST, ...(who ? { cookie: cookies[who] } : {}) } });
  return handler(request, { params: Promise.resolve(params) });
}

describe("GET /api/v1/documents/{id}/revisions", () => {
  it("answers 401 without a session", async () => {
    const response = await call(LIST, `/api/v1/documents/${doc.id}/revisions`, { id: doc.id }, null);
    expect(response.status).toBe(401);
  });

  it("pages newest first with nextCursor", async () => {
    const first = await call(LIST, `/api/v1/documents/${doc.id}/revisions?limit=2`, { id: doc.id }, "viewer");
    expect(first.status).toBe(200);
    const page = (await first.json()) as { data: Array<Record<string, unknown>>; nextCursor: string | null };
    expect(page.data.map((r) => r.id)).toEqual(revisionIds.slice(0, 2));
    expect(page.data[0]).toEqual({
      id: revisionIds[0],
      kind: "named",
      name: "v-three",
      title: "Plan",
      size: "three\n".length,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      createdBy: { id: owner.id, name: "Olive" },
      authors: [{ id: owner.id, name: "Olive" }],
    });
    const next = await call(LIST, `/api/v1/documents/${doc.id}/revisions?limit=2&cursor=${page.nextCursor}`, { id: doc.id }, "viewer");
    expect(await next.json()).toMatchObject({ data: [{ id: revisionIds[2] }], nextCursor: null });
  });

  it("refuses a bad limit, an unknown parameter and a cursor that isn't one with 400", async () => {
    for (const query of ["limit=0", "limit=101", "limit=x", "page=2", "cursor=abc"]) {
      const response = await call(LIST, `/api/v1/documents/${doc.id}/revisions?${query}`, { id: doc.id }, "viewer");
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "bad_request" } });
    }
  });

  it("answers 404 for a document that isn't there and 405 for other methods", async () => {
    expect((await call(LIST, "/api/v1/documents/zzzzzzzzzzzz/revisions", { id: "zzzzzzzzzzzz" }, "owner")).status).toBe(404);
    expect((await call(LIST_POST, `/api/v1/documents/${doc.id}/revisions`, { id: doc.id }, "owner", "POST")).status).toBe(405);
  });
});

describe("POST /api/v1/documents/{id}/revisions/{rev}/restore", () => {
  const path = (rev: string) => `/api/v1/documents/${doc.id}/revisions/${rev}/restore`;

  it("is forbidden to viewers, and 404 for a revision that isn't the document's", async () => {
    const oldest = revisionIds[2]!;
    expect((await call(RESTORE, path(oldest), { id: doc.id, rev: oldest }, "viewer", "POST")).status).toBe(403);
    expect((await call(RESTORE, path("nope"), { id: doc.id, rev: "nope" }, "owner", "POST")).status).toBe(404);
    const missing = crypto.randomUUID();
    expect((await call(RESTORE, path(missing), { id: doc.id, rev: missing }, "owner", "POST")).status).toBe(404);
    expect((await call(RESTORE_GET, path(oldest), { id: doc.id, rev: oldest }, "owner")).status).toBe(405);
  });

  it("answers 201 with the restore revision and the document as it is now", async () => {
    const oldest = revisionIds[2]!;
    const response = await call(RESTORE, path(oldest), { id: doc.id, rev: oldest }, "owner", "POST");
    expect(response.status).toBe(201);
    const body = (await response.json()) as { revision: Record<string, unknown>; document: { delta: { ops: Array<{ insert: string }> } } };
    expect(body.revision).toMatchObject({ kind: "restore", name: null, size: "three\n".length, createdBy: { id: owner.id, name: "Olive" } });
    expect(body.document).toMatchObject({ id: doc.id, title: "Plan" });
    expect(body.document.delta.ops.map((op) => op.insert).join("")).toBe("one\n");
  });
});
