import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, describe, expect, it } from "vitest";
import { POST } from "./route";
import { buildDocument, buildWorkspace } from "@test/factories";
import { MAX_IMPORT_BYTES } from "@/shared/editor-rules";
import type { ImportSummary } from "@/shared/schemas/import";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { withTestDatabase } from "@test/test-database-hooks";
import { signedUpCookie, TEST_HOST as HOST, withRouteSingletons } from "@test/route-singletons";

const blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-import-api-"));
const database = withTestDatabase();
const routes = withRouteSingletons(database, { "blob-store": () => new DiskBlobStore(blobRoot) });
afterAll(() => {
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

const ORIGIN = "http://localhost:3000";
const noParams = { params: Promise.resolve({}) };

async function signedInMember(role: "editor" | "viewer" = "editor") {
  const email = `member-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const { cookie, actor } = await signedUpCookie(routes.auth, email, "Member");
  const workspace = await buildWorkspace(database.db, [{ actor, role }]);
  return { cookie, workspace };
}

function importRequest(form: FormData, headers: Record<string, string> = {}): NextRequest {
  return new NextRequest(`${ORIGIN}/api/v1/import`, { method: "POST", body: form, headers: { ...HOST, ...headers } });
}

function importForm(fields: Record<string, string>, ...files: Array<[string, string]>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const [name, content] of files) form.append("file", new File([content], name));
  return form;
}

describe("POST /api/v1/import", () => {
  it("answers 401 without a session", async () => {
    const response = await POST(importRequest(importForm({ workspace: "acme" }, ["a.md", "x"])), noParams);
    expect(response.status).toBe(401);
  });

  it("imports every file under the parent and answers 201 with the summary", async () => {
    const { cookie, workspace } = await signedInMember();
    const parent = await buildDocument(database.db, workspace.id);
    const form = importForm({ workspace: workspace.slug, parentId: parent.id }, ["b.md", "# Bee\ntext"], ["a.html", "<h1>Ay</h1>"], ["c.txt", "no"]);
    const response = await POST(importRequest(form, { cookie, origin: ORIGIN }), noParams);
    expect(response.status).toBe(201);
    const summary = (await response.json()) as ImportSummary;
    expect(summary.imported.map((d) => d.title)).toEqual(["Ay", "Bee"]);
    expect(summary.skipped.map((s) => s.name)).toEqual(["c.txt"]);
  });

  it("refuses a cookie caller posting from another site's page with 403", async () => {
    const { cookie, workspace } = await signedInMember();
    const response = await POST(importRequest(importForm({ workspace: workspace.slug }, ["a.md", "x"]), { cookie, origin: "https://evil.example" }), noParams);
    expect(response.status).toBe(403);
  });

  it("answers 400 without a file or a workspace, 415 for a body that is not multipart, 403 to a viewer", async () => {
    const { cookie, workspace } = await signedInMember();
    expect((await POST(importRequest(importForm({ workspace: workspace.slug }), { cookie }), noParams)).status).toBe(400);
    expect((await POST(importRequest(importForm({}, ["a.md", "x"]), { cookie }), noParams)).status).toBe(400);
    const json = new NextRequest(`${ORIGIN}/api/v1/import`, { method: "POST", body: "{}", headers: { ...HOST, cookie, "content-type": "application/json" } });
    expect((await POST(json, noParams)).status).toBe(415);
    const viewer = await signedInMember("viewer");
    expect((await POST(importRequest(importForm({ workspace: viewer.workspace.slug }, ["a.md", "x"]), { cookie: viewer.cookie }), noParams)).status).toBe(403);
  });

  it("answers 413 from Content-Length without reading the body", async () => {
    const { cookie } = await signedInMember();
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    const request = new NextRequest(`${ORIGIN}/api/v1/import`, {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { ...HOST, cookie, "content-type": "multipart/form-data; boundary=x", "content-length": String(MAX_IMPORT_BYTES + 1) },
    });
    const response = await POST(request, noParams);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "too_large", message: "One import can send at most 50 MB: send fewer files at a time." } });
    expect(pulled).toBeLessThanOrEqual(1);
  });
});
