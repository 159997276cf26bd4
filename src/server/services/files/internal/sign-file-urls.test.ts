import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { SAMPLE_IMAGES, buildFileTestDocument } from "@test/file-factories";
import { memberships } from "@/server/db/schema";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { FileUrlSigner } from "@/server/storage/file-url-signer";
import { fileIdFromUrl } from "@/server/storage/file-urls";
import { signFileUrls } from "./sign-file-urls";
import { uploadImage } from "@/server/services/files/upload-image";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();
let blobRoot: string;
let blobs: DiskBlobStore;
const signer = new FileUrlSigner("test-secret-that-is-at-least-32-characters");
beforeAll(async () => {
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-sign-"));
  blobs = new DiskBlobStore(blobRoot);
});
afterAll(async () => {
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

async function uploadIn() {
  const editor = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor: editor, role: "editor" }]);
  const doc = await buildFileTestDocument(database.db, workspace.id);
  const file = await uploadImage(contextFor(database.db, editor), { documentId: doc.id, name: "a.png", bytes: SAMPLE_IMAGES["image/png"] }, blobs);
  return { editor, workspace, file };
}

describe("signFileUrls", () => {
  it("signs the workspace's own files and leaves out other workspaces' and unknown ids", async () => {
    const mine = await uploadIn();
    const theirs = await uploadIn();
    const signed = await signFileUrls(database.db, { workspaceId: mine.workspace.id, fileIds: [mine.file.id, theirs.file.id, "unknown-file-id-xx"], reader: { userId: mine.editor.id } }, signer);
    expect([...signed.keys()]).toEqual([mine.file.id]);
    const url = new URL(signed.get(mine.file.id)!, "http://localhost");
    expect(url.pathname).toBe(mine.file.url);
    expect(signer.verifyQuery(mine.file.id, url.searchParams)).not.toBeNull();
  });

  it("binds a member's URLs to their membership, and signs nothing for someone who is not a member", async () => {
    const mine = await uploadIn();
    const theirs = await uploadIn();
    const [membership] = await database.db.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, mine.editor.id));
    const signed = await signFileUrls(database.db, { workspaceId: mine.workspace.id, fileIds: [mine.file.id], reader: { userId: mine.editor.id } }, signer);
    const url = new URL(signed.get(mine.file.id)!, "http://localhost");
    expect(signer.verifyQuery(mine.file.id, url.searchParams)).toMatchObject({ membershipId: membership?.id, grant: null });
    // Unbound, it is no export's link either.
    expect(signer.verify(mine.file.id, url.searchParams.get("expires"), url.searchParams.get("sig"))).toBeNull();
    const stranger = await signFileUrls(database.db, { workspaceId: mine.workspace.id, fileIds: [mine.file.id], reader: { userId: theirs.editor.id } }, signer);
    expect(stranger.size).toBe(0);
  });

  it("signs a published page's images with the grant it was resolved through", async () => {
    const mine = await uploadIn();
    const grant = { shareId: "0b6c4c1e-8a44-4c0f-9f6a-2f8d3c1b7e55", documentId: null };
    const signed = await signFileUrls(database.db, { workspaceId: mine.workspace.id, fileIds: [mine.file.id], reader: { grant } }, signer);
    const url = new URL(signed.get(mine.file.id)!, "http://localhost");
    expect(signer.verifyQuery(mine.file.id, url.searchParams)?.grant).toEqual(grant);
    expect(signer.verify(mine.file.id, url.searchParams.get("expires"), url.searchParams.get("sig"))).toBeNull();
  });
});

describe("fileIdFromUrl", () => {
  it("reads the id from relative and absolute file URLs only", () => {
    expect(fileIdFromUrl("/api/v1/files/Zx8Kq2mVbN4pL7tR1sYw3A")).toBe("Zx8Kq2mVbN4pL7tR1sYw3A");
    expect(fileIdFromUrl("https://docs.example.com/api/v1/files/Zx8Kq2mVbN4pL7tR1sYw3A?expires=1&sig=x")).toBe("Zx8Kq2mVbN4pL7tR1sYw3A");
    expect(fileIdFromUrl("https://example.com/cat.png")).toBeNull();
    expect(fileIdFromUrl("/api/v1/files/../../etc")).toBeNull();
  });
});
