import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace } from "@test/factories";
import { buildShare } from "@test/share-factories";
import { showImages } from "@test/file-factories";
import { withTestDatabase } from "@test/test-database-hooks";
import { TEST_AUTH_SECRET, withRouteSingletons } from "@test/route-singletons";
import { files, memberships, shares } from "@/server/db/schema";
import { FileUrlSigner } from "@/server/storage/file-url-signer";
import { guardOptimizedImage, imageCacheControl, isOptimizedImageRequest, optimizedImageAccess } from "./optimized-image-guard";

const signer = new FileUrlSigner(TEST_AUTH_SECRET);
const database = withTestDatabase();
// The guard reaches the database and the signer as the server does, through process singletons.
withRouteSingletons(database, { "file-url-signer": () => signer });
const FILE = "Zx8Kq2mVbN4pL7tR1sYw3A";

/** The optimiser's address for a signed file path, as sign-html-images.ts writes it. */
const optimized = (signedPath: string) => `/_next/image?url=${encodeURIComponent(signedPath)}&w=1080&q=75`;

/** A published document that shows the upload FILE (each call its own workspace and upload row). */
async function publishedDocument() {
  const owner = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
  const root = await buildDocument(database.db, workspace.id, { title: "Handbook" });
  await database.db.delete(files).where(eq(files.id, FILE));
  await database.db.insert(files).values({ id: FILE, workspaceId: workspace.id, documentId: root.id, name: "a.png", mime: "image/png", size: 1, sha256: "0".repeat(64), storageKey: "k" });
  await showImages(database.db, root.id, [FILE]);
  const share = await buildShare(database.db, root.id, { createdBy: owner.id });
  const [membership] = await database.db.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, owner.id));
  return { root, share, url: optimized(signer.signedSharePath(FILE, { shareId: share.id, documentId: null })), memberUrl: optimized(signer.signedMemberPath(FILE, membership!.id)), owner };
}

describe("isOptimizedImageRequest", () => {
  it("takes what Next's image optimiser takes: any path starting /_next/image", () => {
    for (const url of ["/_next/image?url=%2Fx&w=640&q=75", "/_next/image", "/_next/imagery"]) expect(isOptimizedImageRequest(url)).toBe(true);
    for (const url of ["/_next/static/chunks/a.js", "/api/v1/files/x?sig=1", "/p/token", undefined]) expect(isOptimizedImageRequest(url)).toBe(false);
  });
});

describe("optimizedImageAccess", () => {
  it("lets a member's signed image through as cacheable, a live published page's as published", async () => {
    const { url, memberUrl } = await publishedDocument();
    expect(await optimizedImageAccess(memberUrl)).toMatchObject({ published: false });
    expect(await optimizedImageAccess(optimized(signer.signedPath(FILE)))).toMatchObject({ published: false });
    expect(await optimizedImageAccess(url)).toMatchObject({ published: true });
  });

  it("refuses a revoked link's image, whatever Next's cache holds", async () => {
    const { share, url } = await publishedDocument();
    await database.db.update(shares).set({ revokedAt: new Date() }).where(eq(shares.id, share.id));
    expect(await optimizedImageAccess(url)).toBeNull();
  });

  it("refuses a published image the page no longer shows, whatever Next's cache holds", async () => {
    const { root, url } = await publishedDocument();
    await showImages(database.db, root.id, []);
    expect(await optimizedImageAccess(url)).toBeNull();
  });

  it("refuses a removed member's image, whatever Next's cache holds", async () => {
    const { owner, memberUrl } = await publishedDocument();
    await database.db.delete(memberships).where(eq(memberships.userId, owner.id));
    expect(await optimizedImageAccess(memberUrl)).toBeNull();
  });

  it("refuses an expired or forged signature, and anything but one signed file address as the signer writes it", async () => {
    const signed = signer.signedPath(FILE);
    const expired = signer.signedPath(FILE, Date.now() - 13 * 60 * 60 * 1000);
    const [path, search] = signed.split("?");
    for (const url of [
      optimized(expired),
      optimized(`${signed}x`),
      optimized(`/api/v1/files/${FILE}`), // unsigned: only a member's cookies would open it, and the optimiser sends none
      optimized(`/api/v1/files/./${FILE}?${search}`),
      optimized(`/api/v1//files/${FILE}?${search}`),
      optimized(`/api/v1/files/%5A${FILE.slice(1)}?${search}`),
      optimized(`${path}/?${search}`),
      optimized(`${signed}#x`),
      `${optimized(signed)}&url=${encodeURIComponent(signed)}`,
      "/_next/image?url=%2Fx&w=640&q=75",
      "/_next/image?w=640&q=75",
      "/_next/image",
    ]) {
      expect(await optimizedImageAccess(url), url).toBeNull();
    }
  });
});

describe("imageCacheControl", () => {
  it("keeps members' images out of shared caches, and has a published one asked for again before each reuse", () => {
    expect(imageCacheControl("public, max-age=21600, must-revalidate", { maxAgeSeconds: 21600, published: false })).toBe("private, max-age=21600, must-revalidate");
    expect(imageCacheControl("public, max-age=21600, must-revalidate", { maxAgeSeconds: 21600, published: true })).toBe("private, no-cache");
  });
});

describe("guardOptimizedImage", () => {
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    // Stands in for server.ts and Next: the guard first, then an answer with the optimiser's headers.
    server = http.createServer((request, response) => {
      void guardOptimizedImage(request, response).then((pass) => {
        if (!pass) return;
        response.setHeader("Cache-Control", "public, max-age=21600, must-revalidate");
        response.end("image");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("hands a live image to Next with our Cache-Control, and answers a revoked one 404, not to be kept", async () => {
    const { share, url, memberUrl, owner } = await publishedDocument();
    const live = await fetch(`${origin}${url}`);
    expect([live.status, live.headers.get("cache-control"), await live.text()]).toEqual([200, "private, no-cache", "image"]);
    const member = await fetch(`${origin}${memberUrl}`);
    expect([member.status, member.headers.get("cache-control")]).toEqual([200, "private, max-age=21600, must-revalidate"]);
    await database.db.update(shares).set({ revokedAt: new Date() }).where(eq(shares.id, share.id));
    const revoked = await fetch(`${origin}${url}`);
    expect([revoked.status, revoked.headers.get("cache-control"), await revoked.text()]).toEqual([404, "no-store", "Not Found"]);
    await database.db.delete(memberships).where(eq(memberships.userId, owner.id));
    const removed = await fetch(`${origin}${memberUrl}`);
    expect([removed.status, removed.headers.get("cache-control")]).toEqual([404, "no-store"]);
  });
});
