import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { SAMPLE_IMAGES, buildFileTestDocument, showImages } from "@test/file-factories";
import { buildShare } from "@test/share-factories";
import { documents, files, memberships, shares, workspaces } from "@/server/db/schema";
import { restoreDocument } from "@/server/services/documents/restore-document";
import { trashDocument } from "@/server/services/documents/trash-document";
import { revokeShare } from "@/server/services/sharing/revoke-share";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { FileUrlSigner } from "@/server/storage/file-url-signer";
import { readFile } from "./read-file";
import { readSignedFile } from "./read-signed-file";
import { uploadImage } from "./upload-image";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();
let blobRoot: string;
let blobs: DiskBlobStore;
beforeAll(async () => {
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-read-"));
  blobs = new DiskBlobStore(blobRoot);
});
afterAll(async () => {
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

/** An editor uploads a GIF; a viewer and an outsider are ready to read it. */
async function setup() {
  const editor = await buildUser(database.db);
  const viewer = await buildUser(database.db);
  const outsider = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [
    { actor: editor, role: "editor" },
    { actor: viewer, role: "viewer" },
  ]);
  await buildWorkspace(database.db, [{ actor: outsider, role: "owner" }]);
  const doc = await buildFileTestDocument(database.db, workspace.id);
  const bytes = SAMPLE_IMAGES["image/gif"];
  const uploaded = await uploadImage(contextFor(database.db, editor), { documentId: doc.id, name: "dot.gif", bytes }, blobs);
  return { editor, viewer, outsider, workspace, doc, bytes, uploaded };
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("readFile", () => {
  it("gives a member who can read the document the metadata and the bytes", async () => {
    const { viewer, uploaded, bytes } = await setup();
    const file = await readFile(contextFor(database.db, viewer), uploaded.id, blobs);
    expect(file).toMatchObject({ id: uploaded.id, name: "dot.gif", mime: "image/gif", size: bytes.byteLength });
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await bytesOf(await file.open())).toEqual(bytes);
  });

  it("answers not_found to a non-member and for an unknown id", async () => {
    const { outsider, viewer, uploaded } = await setup();
    expect((await appErrorOf(readFile(contextFor(database.db, outsider), uploaded.id, blobs))).code).toBe("not_found");
    expect((await appErrorOf(readFile(contextFor(database.db, viewer), "no-such-file-id-xx", blobs))).code).toBe("not_found");
  });

  it("keeps serving while the document is in the trash", async () => {
    const { viewer, doc, uploaded } = await setup();
    await database.db.update(documents).set({ deletedAt: new Date(), deletedRootId: doc.id }).where(eq(documents.id, doc.id));
    await expect(readFile(contextFor(database.db, viewer), uploaded.id, blobs)).resolves.toMatchObject({ id: uploaded.id });
  });

  it("lets workspace members read a file whose document is gone, and nobody else", async () => {
    const { viewer, outsider, doc, uploaded } = await setup();
    await database.db.delete(documents).where(eq(documents.id, doc.id));
    const [row] = await database.db.select().from(files).where(eq(files.id, uploaded.id));
    expect(row?.documentId).toBeNull();
    await expect(readFile(contextFor(database.db, viewer), uploaded.id, blobs)).resolves.toMatchObject({ id: uploaded.id });
    expect((await appErrorOf(readFile(contextFor(database.db, outsider), uploaded.id, blobs))).code).toBe("not_found");
  });

  it("stops answering a member who was removed", async () => {
    const { viewer, uploaded } = await setup();
    await database.db.delete(memberships).where(eq(memberships.userId, viewer.id));
    expect((await appErrorOf(readFile(contextFor(database.db, viewer), uploaded.id, blobs))).code).toBe("not_found");
  });

  it("answers not_found when the blob has vanished", async () => {
    const { viewer, uploaded } = await setup();
    const [row] = await database.db.select().from(files).where(eq(files.id, uploaded.id));
    await blobs.delete(row!.storageKey);
    const file = await readFile(contextFor(database.db, viewer), uploaded.id, blobs);
    expect((await appErrorOf(file.open())).code).toBe("not_found");
  });
});

describe("readSignedFile", () => {
  const signer = new FileUrlSigner("test-secret-that-is-at-least-32-characters");
  const query = (signedPath: string) => new URL(signedPath, "http://localhost").searchParams;
  const membershipOf = async (userId: string, workspaceId: string) => {
    const [row] = await database.db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)));
    if (!row) throw new Error("not a member");
    return row.id;
  };

  it("serves a validly signed file without a session, with the signature's remaining life", async () => {
    const { uploaded, bytes } = await setup();
    const params = query(signer.signedPath(uploaded.id));
    const { file, maxAgeSeconds } = await readSignedFile(
      { db: database.db },
      { fileId: uploaded.id, query: params },
      { signer, blobs },
    );
    expect(maxAgeSeconds).toBeGreaterThan(0);
    expect(await bytesOf(await file.open())).toEqual(bytes);
  });

  it("serves a published page's URL only while its link and page are live (docs/product.md \"States\")", async () => {
    const { editor, doc, uploaded } = await setup();
    const ctx = contextFor(database.db, editor);
    const child = await buildDocument(database.db, doc.workspaceId, { parentId: doc.id, title: "Child" });
    for (const page of [doc, child]) await showImages(database.db, page.id, [uploaded.id]);
    const share = await buildShare(database.db, doc.id, { includeChildren: true, createdBy: editor.id });
    const rootUrl = query(signer.signedSharePath(uploaded.id, { shareId: share.id, documentId: null }));
    const childUrl = query(signer.signedSharePath(uploaded.id, { shareId: share.id, documentId: child.id }));
    const read = (params: URLSearchParams) => readSignedFile({ db: database.db }, { fileId: uploaded.id, query: params }, { signer, blobs });
    const answers = async () => Promise.all([rootUrl, childUrl].map(async (params) => (await appErrorOf(read(params)).catch(() => null))?.code ?? "ok"));
    await expect(read(rootUrl)).resolves.toMatchObject({ published: true, file: { id: uploaded.id } });
    expect(await answers()).toEqual(["ok", "ok"]);

    await trashDocument(ctx, { documentId: child.id });
    expect(await answers()).toEqual(["ok", "not_found"]);
    await restoreDocument(ctx, { documentId: child.id });
    expect(await answers()).toEqual(["ok", "ok"]);
    await database.db.update(shares).set({ includeChildren: false }).where(eq(shares.id, share.id));
    expect(await answers()).toEqual(["ok", "not_found"]);
    await database.db.update(shares).set({ includeChildren: true }).where(eq(shares.id, share.id));
    await trashDocument(ctx, { documentId: doc.id });
    expect(await answers()).toEqual(["not_found", "not_found"]);
    await restoreDocument(ctx, { documentId: doc.id });
    expect(await answers()).toEqual(["ok", "ok"]);
    await revokeShare(ctx, { shareId: share.id });
    expect(await answers()).toEqual(["not_found", "not_found"]);
    // A member's URL of the same file is no public link's: it keeps answering.
    await expect(read(query(signer.signedMemberPath(uploaded.id, await membershipOf(editor.id, doc.workspaceId))))).resolves.toMatchObject({ published: false });
  });

  it("serves a published page's URL only while the page shows the image, and the upload exists", async () => {
    const { editor, doc, uploaded } = await setup();
    const child = await buildDocument(database.db, doc.workspaceId, { parentId: doc.id, title: "Child" });
    for (const page of [doc, child]) await showImages(database.db, page.id, [uploaded.id]);
    const share = await buildShare(database.db, doc.id, { includeChildren: true, createdBy: editor.id });
    const rootUrl = query(signer.signedSharePath(uploaded.id, { shareId: share.id, documentId: null }));
    const childUrl = query(signer.signedSharePath(uploaded.id, { shareId: share.id, documentId: child.id }));
    const answers = async () =>
      Promise.all([rootUrl, childUrl].map(async (params) => (await appErrorOf(readSignedFile({ db: database.db }, { fileId: uploaded.id, query: params }, { signer, blobs })).catch(() => null))?.code ?? "ok"));
    expect(await answers()).toEqual(["ok", "ok"]);

    // Taken out of the shared document's body: its page's address is gone, the child's stays. The
    // version history still holds the image (members' URLs answer for it), but no public page shows it.
    await showImages(database.db, doc.id, [], "No pictures now");
    expect(await answers()).toEqual(["not_found", "ok"]);
    await showImages(database.db, child.id, []);
    expect(await answers()).toEqual(["not_found", "not_found"]);
    // Put back (an undo, a restored version): the same addresses answer again.
    for (const page of [doc, child]) await showImages(database.db, page.id, [uploaded.id]);
    expect(await answers()).toEqual(["ok", "ok"]);
    // The upload's row deleted (an undone workspace import deletes them): nothing to answer with.
    await database.db.delete(files).where(eq(files.id, uploaded.id));
    expect(await answers()).toEqual(["not_found", "not_found"]);
  });

  it("serves a member's page's URL only while that member may read the file", async () => {
    const { viewer, outsider, doc, workspace, uploaded } = await setup();
    const read = async (params: URLSearchParams) =>
      (await appErrorOf(readSignedFile({ db: database.db }, { fileId: uploaded.id, query: params }, { signer, blobs })).catch(() => null))?.code ?? "ok";
    const viewerUrl = query(signer.signedMemberPath(uploaded.id, await membershipOf(viewer.id, workspace.id)));
    await expect(readSignedFile({ db: database.db }, { fileId: uploaded.id, query: viewerUrl }, { signer, blobs })).resolves.toMatchObject({ published: false, file: { id: uploaded.id } });

    // What a member may still read, their images answer: a trashed document's, after a role change.
    await database.db.update(documents).set({ deletedAt: new Date(), deletedRootId: doc.id }).where(eq(documents.id, doc.id));
    await database.db.update(memberships).set({ role: "commenter" }).where(eq(memberships.userId, viewer.id));
    expect(await read(viewerUrl)).toBe("ok");
    // A workspace that now requires two-factor refuses a member without it, its images too.
    await database.db.update(workspaces).set({ requireTwoFactor: true }).where(eq(workspaces.id, workspace.id));
    expect(await read(viewerUrl)).toBe("not_found");
    await database.db.update(workspaces).set({ requireTwoFactor: false }).where(eq(workspaces.id, workspace.id));
    expect(await read(viewerUrl)).toBe("ok");

    // Removed: at once, and for good: rejoining makes a new membership, which old URLs don't name.
    await database.db.delete(memberships).where(eq(memberships.userId, viewer.id));
    expect(await read(viewerUrl)).toBe("not_found");
    await database.db.insert(memberships).values({ workspaceId: workspace.id, userId: viewer.id, role: "viewer" });
    expect(await read(viewerUrl)).toBe("not_found");
    expect(await read(query(signer.signedMemberPath(uploaded.id, await membershipOf(viewer.id, workspace.id))))).toBe("ok");

    // A membership of another workspace never reads this one's files, however it was signed.
    const [elsewhere] = await database.db.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, outsider.id));
    expect(await read(query(signer.signedMemberPath(uploaded.id, elsewhere!.id)))).toBe("not_found");
  });

  it("answers not_found for a signature of another file, an expired one, or none", async () => {
    const { uploaded } = await setup();
    const other = query(signer.signedPath("some-other-file-id"));
    const valid = query(signer.signedPath(uploaded.id, Date.now() - 13 * 60 * 60 * 1000));
    for (const attempt of [other, valid, new URLSearchParams()]) {
      const error = await appErrorOf(readSignedFile({ db: database.db }, { fileId: uploaded.id, query: attempt }, { signer, blobs }));
      expect(error.code).toBe("not_found");
    }
  });
});
