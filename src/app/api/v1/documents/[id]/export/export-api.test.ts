import { NextRequest } from "next/server";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { buildDocument, buildUser, buildWorkspace } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import { signedUpCookie, TEST_HOST as HOST, withRouteSingletons } from "@test/route-singletons";

const database = withTestDatabase();
const routes = withRouteSingletons(database);
let cookie: string;
let docId: string;
let japaneseId: string;
let emojiId: string;
let foreignId: string;
beforeAll(async () => {
  const signedUp = await signedUpCookie(routes.auth, "exporter@example.com", "Exporter");
  cookie = signedUp.cookie;
  const workspace = await buildWorkspace(database.db, [{ actor: signedUp.actor, role: "viewer" }]);
  const root = await buildDocument(database.db, workspace.id, { title: "Année 2026" });
  await buildDocument(database.db, workspace.id, { title: "Child", parentId: root.id });
  docId = root.id;
  const japanese = await buildDocument(database.db, workspace.id, { title: "日本語のメモ" });
  await buildDocument(database.db, workspace.id, { title: "子", parentId: japanese.id });
  await buildDocument(database.db, workspace.id, { title: "🎉", parentId: japanese.id });
  japaneseId = japanese.id;
  emojiId = (await buildDocument(database.db, workspace.id, { title: "🎉🎉" })).id;
  const stranger = await buildUser(database.db);
  foreignId = (await buildDocument(database.db, (await buildWorkspace(database.db, [{ actor: stranger, role: "owner" }])).id)).id;
});

function get(id: string, query: string, withCookie = true) {
  const request = new NextRequest(`http://localhost:3000/api/v1/documents/${id}/export${query}`, { headers: { ...HOST, ...(withCookie ? { cookie } : {}) } });
  return GET(request, { params: Promise.resolve({ id }) });
}

describe("GET /api/v1/documents/[id]/export", () => {
  it("answers a download named after the title, Markdown by default", async () => {
    const response = await get(docId, "");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    // The ASCII name for clients that read only `filename`, the title itself in `filename*` (RFC 6266).
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="annee-2026.md"; filename*=UTF-8''Ann%C3%A9e%202026.md`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.text()).toBe("# Année 2026\n\n");
  });

  it("answers a zip of the subtree with includeChildren=true", async () => {
    const response = await get(docId, "?format=html&includeChildren=true");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(["annee-2026.html", "annee-2026/child.html"]);
  });

  it("names a download whose title has no Latin letters after its title, and \"untitled\" where only ASCII will do", async () => {
    const disposition = async (id: string, query: string) => (await get(id, query)).headers.get("content-disposition");
    const encoded = encodeURIComponent("日本語のメモ");
    for (const format of ["md", "html", "docx"]) {
      expect(await disposition(japaneseId, `?format=${format}`)).toBe(`attachment; filename="untitled.${format}"; filename*=UTF-8''${encoded}.${format}`);
    }
    expect(await disposition(japaneseId, "?format=md&includeChildren=true")).toBe(`attachment; filename="untitled.zip"; filename*=UTF-8''${encoded}.zip`);
    expect(await disposition(emojiId, "?format=md")).toBe(`attachment; filename="untitled.md"; filename*=UTF-8''%F0%9F%8E%89%F0%9F%8E%89.md`);
    // Inside the zip, names stay ASCII: "untitled", numbered among siblings.
    const response = await get(japaneseId, "?format=md&includeChildren=true");
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(["untitled.md", "untitled/untitled-2.md", "untitled/untitled.md"]);
  });

  it("refuses unknown formats and includeChildren values with 400", async () => {
    const format = await get(docId, "?format=odt");
    expect(format.status).toBe(400);
    expect(await format.json()).toEqual({ error: { code: "bad_request", message: "Use one of md, html, docx, pdf.", fields: { format: "Use one of md, html, docx, pdf." } } });
    const children = await get(docId, "?format=md&includeChildren=yes");
    expect(children.status).toBe(400);
    expect(await children.json()).toMatchObject({ error: { code: "bad_request", fields: { includeChildren: "includeChildren must be true or false." } } });
  });

  it("answers 401 without a session and 404 for another workspace's document", async () => {
    expect((await get(docId, "?format=md", false)).status).toBe(401);
    const foreign = await get(foreignId, "?format=docx&includeChildren=true");
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ error: { code: "not_found" } });
  });

  it("answers 405 to other methods", async () => {
    const response = await POST(new NextRequest(`http://localhost:3000/api/v1/documents/${docId}/export`, { method: "POST", headers: HOST }), {
      params: Promise.resolve({ id: docId }),
    });
    expect(response.status).toBe(405);
  });
});
