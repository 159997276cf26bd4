import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/files/[id]/route";
import { POST } from "./route";
import { buildWorkspace } from "@test/factories";
import { SAMPLE_IMAGES, buildFileTestDocument, showImages } from "@test/file-factories";
import { MAX_UPLOAD_BYTES } from "@/shared/editor-rules";
import { TEST_AUTH_SECRET, TEST_HOST as HOST, signedUpCookie, withRouteSingletons } from "@test/route-singletons";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { FileUrlSigner } from "@/server/storage/file-url-signer";
import { withTestDatabase } from "@test/test-database-hooks";
import { buildShare } from "@test/share-factories";
import { shares } from "@/server/db/schema";
import { eq } from "drizzle-orm";

const signer = new FileUrlSigner(TEST_AUTH_SECRET);
const blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-files-api-"));
const database = withTestDatabase();
const routes = withRouteSingletons(database, { "blob-store": () => new DiskBlobStore(blobRoot), "file-url-signer": () => signer });
afterAll(() => fs.rmSync(blobRoot, { recursive: true, force: true }));

const ORIGIN = "http://localhost:3000";
const noParams = { params: Promise.resolve({}) };
const paramsFor = (id: string) => ({ params: Promise.resolve({ id }) });

/** Signs a new account up, puts it in a workspace with `role`, and returns its session cookie and a document. */
async function signedInMember(role: "editor" | "viewer" = "editor") {
  const { cookie, actor } = await signedUpCookie(routes.auth, `member-${Math.random().toString(36).slice(2, 10)}@example.com`, "Member");
  const workspace = await buildWorkspace(database.db, [{ actor, role }]);
  const doc = await buildFileTestDocument(database.db, workspace.id);
  return { cookie, doc };
}


function uploadRequest(form: FormData, cookie?: string): NextRequest {
  return new NextRequest(`${ORIGIN}/api/v1/files`, { method: "POST", body: form, headers: { ...HOST, ...(cookie ? { cookie } : {}) } });
}

function imageForm(documentId: string, bytes: Uint8Array = SAMPLE_IMAGES["image/png"], name = "dot.png"): FormData {
  const form = new FormData();
  form.set("documentId", documentId);
  form.set("file", new File([new Uint8Array(bytes)], name));
  return form;
}

/** A stream of `chunks` × 1 MiB that records how many chunks were pulled and whether it was cancelled. */
function meteredStream(chunks: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === chunks) return controller.close();
      state.pulled += 1;
      controller.enqueue(new Uint8Array(1024 * 1024));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe("POST /api/v1/files", () => {
  it("answers 401 without a session", async () => {
    const response = await POST(uploadRequest(imageForm("anything")), noParams);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "unauthenticated" } });
  });

  it("stores an image and answers 201 with its id and URL", async () => {
    const { cookie, doc } = await signedInMember();
    const response = await POST(uploadRequest(imageForm(doc.id), cookie), noParams);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; url: string };
    expect(body).toEqual({ id: expect.any(String), url: `/api/v1/files/${body.id}` });
    expect(response.headers.get("location")).toBe(body.url);
  });

  it("answers 415 for an SVG and for a body that is not multipart", async () => {
    const { cookie, doc } = await signedInMember();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const response = await POST(uploadRequest(imageForm(doc.id, svg, "pic.png"), cookie), noParams);
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: "unsupported_media_type" } });
    const json = new NextRequest(`${ORIGIN}/api/v1/files`, { method: "POST", body: "{}", headers: { ...HOST, cookie, "content-type": "application/json" } });
    expect((await POST(json, noParams)).status).toBe(415);
  });

  it("answers 413 from Content-Length without reading the body", async () => {
    const { cookie } = await signedInMember();
    const { stream, state } = meteredStream(20);
    const request = new NextRequest(`${ORIGIN}/api/v1/files`, {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { ...HOST, cookie, "content-type": "multipart/form-data; boundary=x", "content-length": String(MAX_UPLOAD_BYTES * 2) },
    });
    const response = await POST(request, noParams);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "too_large", message: "Images can be at most 10 MB." } });
    expect(state.pulled).toBeLessThanOrEqual(1); // a stream may be primed with one pull; never read through
  });

  it("answers 413 for a body without a length once it passes the limit, and stops reading", async () => {
    const { cookie } = await signedInMember();
    const { stream, state } = meteredStream(40);
    const request = new NextRequest(`${ORIGIN}/api/v1/files`, {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { ...HOST, cookie, "content-type": "multipart/form-data; boundary=x" },
    });
    const response = await POST(request, noParams);
    expect(response.status).toBe(413);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(15);
  });

  it("answers 403 to a viewer", async () => {
    const { cookie, doc } = await signedInMember("viewer");
    expect((await POST(uploadRequest(imageForm(doc.id), cookie), noParams)).status).toBe(403);
  });
});

describe("GET /api/v1/files/[id]", () => {
  async function uploaded() {
    const member = await signedInMember();
    const response = await POST(uploadRequest(imageForm(member.doc.id), member.cookie), noParams);
    const { id } = (await response.json()) as { id: string };
    return { ...member, id };
  }
  const get = (id: string, headers: Record<string, string> = {}, search = "") =>
    GET(new NextRequest(`${ORIGIN}/api/v1/files/${id}${search}`, { headers: { ...HOST, ...headers } }), paramsFor(id));

  it("streams the image to a member with immutable caching and hardening headers", async () => {
    const { cookie, id } = await uploaded();
    const response = await get(id, { cookie });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/png",
      "content-length": String(SAMPLE_IMAGES["image/png"].byteLength),
      "cache-control": "private, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
      etag: expect.stringMatching(/^"[0-9a-f]{64}"$/),
    });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(SAMPLE_IMAGES["image/png"]);
  });

  it("answers 304 when If-None-Match names the ETag", async () => {
    const { cookie, id } = await uploaded();
    const etag = (await get(id, { cookie })).headers.get("etag")!;
    const response = await get(id, { cookie, "if-none-match": `W/"nope", ${etag}` });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(etag);
  });

  it("answers a JSON 404 without a session and to a non-member", async () => {
    const { id } = await uploaded();
    const stranger = await signedInMember();
    for (const response of [await get(id), await get(id, { cookie: stranger.cookie })]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    }
  });

  it("serves a signed URL without cookies (the image optimiser's fetch), cached no longer than the signature", async () => {
    const { id } = await uploaded();
    const signed = new URL(signer.signedPath(id), ORIGIN);
    const response = await get(id, {}, signed.search);
    expect(response.status).toBe(200);
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(12 * 60 * 60);
    expect((await get(id, {}, `${signed.search}x`)).status).toBe(404);
  });

  it("serves a published page's signed URL while its link is live, never to shared caches nor reused unasked, and 404 once revoked", async () => {
    const { id, doc, cookie } = await uploaded();
    await showImages(database.db, doc.id, [id]);
    const share = await buildShare(database.db, doc.id);
    const signed = new URL(signer.signedSharePath(id, { shareId: share.id, documentId: null }), ORIGIN);
    const response = await get(id, {}, signed.search);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/^private, no-cache, max-age=\d+$/);
    const etag = response.headers.get("etag") ?? "";
    expect((await get(id, { "if-none-match": etag }, signed.search)).status).toBe(304);
    await database.db.update(shares).set({ revokedAt: new Date() }).where(eq(shares.id, share.id));
    expect((await get(id, {}, signed.search)).status).toBe(404);
    expect((await get(id, { "if-none-match": etag }, signed.search)).status).toBe(404);
    // A member still reads it with their session, as without a signature.
    expect((await get(id, { cookie }, signed.search)).status).toBe(200);
  });
});
