import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { NextRequest } from "next/server";
import { afterAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/workspaces/[id]/export/route";
import { POST } from "@/app/api/v1/workspaces/import/route";
import { buildWorkspace } from "@test/factories";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";
import { createDocument } from "@/server/services/documents/create-document";
import { ENTRY, MAX_ARCHIVE_BYTES } from "@/server/formats/archive/workspace-archive";
import { withTestDatabase } from "@test/test-database-hooks";
import { signedUpCookie, TEST_HOST as HOST, withRouteSingletons } from "@test/route-singletons";

// The real route handlers, with the database, auth and blob store registered as the process's.
const ORIGIN = "http://localhost:3000";
const blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-archive-api-"));
const database = withTestDatabase();
const routes = withRouteSingletons(database, { "blob-store": () => new DiskBlobStore(blobRoot) });
afterAll(() => {
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

async function member(role: "owner" | "editor") {
  const email = `member-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const { cookie, actor } = await signedUpCookie(routes.auth, email, "Member");
  const workspace = await buildWorkspace(database.db, [{ actor, role }]);
  return { cookie, actor, workspace };
}

const exportRequest = (ref: string, cookie?: string) =>
  GET(new NextRequest(`${ORIGIN}/api/v1/workspaces/${ref}/export`, { headers: { ...HOST, ...(cookie ? { cookie } : {}) } }), { params: Promise.resolve({ id: ref }) });

function importRequest(form: FormData, cookie?: string) {
  return POST(new NextRequest(`${ORIGIN}/api/v1/workspaces/import`, { method: "POST", body: form, headers: { ...HOST, ...(cookie ? { cookie } : {}) } }), { params: Promise.resolve({}) });
}

function form(fields: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe("GET /api/v1/workspaces/[id]/export and POST /api/v1/workspaces/import", () => {
  it("downloads an archive by slug or id, and imports it into a new workspace: 201 with the counts", async () => {
    const owner = await member("owner");
    await createDocument({ db: database.db, actor: owner.actor }, { workspaceId: owner.workspace.id, title: "Plan" }, { body: { ops: [{ insert: "Ship it\n" }] } });
    const bySlug = await exportRequest(owner.workspace.slug, owner.cookie);
    expect(bySlug.status).toBe(200);
    expect(bySlug.headers.get("content-type")).toBe("application/zip");
    expect(bySlug.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="${owner.workspace.slug}-\\d{4}-\\d{2}-\\d{2}\\.quire\\.zip"$`));
    const archive = new Uint8Array(await bySlug.arrayBuffer());
    expect(Object.keys(unzipSync(archive))).toContain(ENTRY.manifest);
    expect((await exportRequest(owner.workspace.id, owner.cookie)).status).toBe(200);

    const slug = `copy-${owner.workspace.slug}`;
    const imported = await importRequest(form({ file: new File([archive], "a.zip"), name: "Copy", slug }), owner.cookie);
    expect(imported.status).toBe(201);
    expect(await imported.json()).toMatchObject({
      workspace: { slug, name: "Copy", url: `/w/${slug}` },
      counts: { documents: 1, files: 0, revisions: 0 },
    });
  });

  it("answers 401 signed out, 403 to an editor, 404 for another's workspace", async () => {
    const owner = await member("owner");
    const editor = await member("editor");
    expect((await exportRequest(owner.workspace.id)).status).toBe(401);
    expect((await exportRequest(owner.workspace.id, editor.cookie)).status).toBe(404);
    expect((await exportRequest(editor.workspace.id, editor.cookie)).status).toBe(403);
    expect((await importRequest(form({ file: new File(["x"], "a.zip"), name: "X", slug: "xyz-team" }))).status).toBe(401);
  });

  it("lets an owner's read token download the archive (an archive is a read), and not an editor's", async () => {
    const owner = await member("owner");
    const editor = await member("editor");
    const readToken = async (person: Awaited<ReturnType<typeof member>>) =>
      (await createApiToken({ db: database.db, actor: person.actor }, { workspaceId: person.workspace.id, name: "Backups", scope: "read" })).token;
    const withToken = async (ref: string, token: string) =>
      GET(new NextRequest(`${ORIGIN}/api/v1/workspaces/${ref}/export`, { headers: { ...HOST, authorization: `Bearer ${token}` } }), { params: Promise.resolve({ id: ref }) });
    const downloaded = await withToken(owner.workspace.slug, await readToken(owner));
    expect(downloaded.status).toBe(200);
    expect(unzipSync(new Uint8Array(await downloaded.arrayBuffer()))[ENTRY.manifest]).toBeDefined();
    expect((await withToken(editor.workspace.slug, await readToken(editor))).status).toBe(403);
  });

  it("names the field at fault: no file, a bad archive, a bad address", async () => {
    const owner = await member("owner");
    const noFile = await importRequest(form({ name: "X", slug: "xyz-team" }), owner.cookie);
    expect([noFile.status, (await noFile.json()).error.fields]).toEqual([422, { file: expect.stringMatching(/Choose a workspace archive/) }]);
    const notZip = await importRequest(form({ file: new File(["hello"], "a.zip"), name: "X", slug: "xyz-team" }), owner.cookie);
    expect([notZip.status, (await notZip.json()).error.fields]).toEqual([422, { file: expect.stringMatching(/not a Quire workspace archive/) }]);
    const badSlug = await importRequest(form({ file: new File(["hello"], "a.zip"), name: "X", slug: "-no-" }), owner.cookie);
    expect([badSlug.status, Object.keys((await badSlug.json()).error.fields)]).toEqual([422, ["slug"]]);
  });

  it("answers 413 past 50 MB from Content-Length, and for a chunked body once it passes the limit, without reading it all", async () => {
    const owner = await member("owner");
    const declared = await POST(
      new NextRequest(`${ORIGIN}/api/v1/workspaces/import`, {
        method: "POST",
        body: "x",
        headers: { ...HOST, cookie: owner.cookie, "content-type": "multipart/form-data; boundary=x", "content-length": String(MAX_ARCHIVE_BYTES * 2) },
      }),
      { params: Promise.resolve({}) },
    );
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ error: { code: "too_large", message: "A workspace archive can be at most 50 MB." } });

    const state = { pulled: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (state.pulled === 80) return controller.close();
        state.pulled += 1;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
      cancel() {
        state.cancelled = true;
      },
    });
    const chunked = await POST(
      new NextRequest(`${ORIGIN}/api/v1/workspaces/import`, {
        method: "POST",
        body: stream,
        duplex: "half",
        headers: { ...HOST, cookie: owner.cookie, "content-type": "multipart/form-data; boundary=x" },
      }),
      { params: Promise.resolve({}) },
    );
    expect(chunked.status).toBe(413);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(60);
  });
});
