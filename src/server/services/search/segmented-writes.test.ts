import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { strToU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { SAMPLE_IMAGES } from "@test/file-factories";
import { withTestDatabase } from "@test/test-database-hooks";
import type { Actor } from "@/server/context";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { createDocument } from "@/server/services/documents/create-document";
import { importFiles } from "@/server/services/imports/import-files";
import { exportWorkspace } from "@/server/services/workspaces/export-workspace";
import { importWorkspace } from "@/server/services/workspaces/import-workspace";
import { searchDocuments } from "./search-documents";

// Each way a title or a body is written must write its word breaks too (segmented_title,
// segmented_text): the database can't find Thai words itself, and without them a word in the
// middle of a run is not found. (The collaboration server's store and a rename: search-documents.test.ts.)
const database = withTestDatabase();
let blobRoot: string;
let blobs: DiskBlobStore;
beforeAll(async () => {
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-segmented-"));
  blobs = new DiskBlobStore(blobRoot);
});
afterAll(async () => {
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

const TITLE = "งบประมาณปีหน้า"; // Next year's budget
const BODY = "ฉันกินข้าวที่โรงเรียนทุกวัน"; // I eat at school every day.

async function found(owner: Actor, workspaceId: string, query: string): Promise<string[]> {
  const page = await searchDocuments(contextFor(database.db, owner), { workspace: { id: workspaceId }, query });
  return page.results.map((result) => result.title);
}

describe("a Thai title and body, however they are written", () => {
  it("are found by a word in the middle of a run: created with a body, imported from a file with an image, and from a workspace archive", async () => {
    const owner = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const ctx = contextFor(database.db, owner);
    await createDocument(ctx, { workspaceId: workspace.id, title: TITLE }, { body: { ops: [{ insert: `${BODY}\n` }] } });
    // An imported file's images are uploaded once the document exists, and its body written again.
    const image = `data:image/png;base64,${Buffer.from(SAMPLE_IMAGES["image/png"]).toString("base64")}`;
    const summary = await importFiles(ctx, { workspace: { id: workspace.id }, parentId: null, files: [{ name: "imported.md", bytes: strToU8(`ทุกวันเราไปโรงเรียน ![](${image})\n`) }] }, blobs);
    expect(summary.skipped).toEqual([]);
    expect(await found(owner, workspace.id, "ประมาณ")).toEqual([TITLE]);
    expect(new Set(await found(owner, workspace.id, "โรงเรียน"))).toEqual(new Set([TITLE, "imported"]));

    const archive = new Uint8Array(await new Response((await exportWorkspace(ctx, { id: workspace.id }, blobs)).body).arrayBuffer());
    const copy = await importWorkspace(ctx, { create: { name: "Copy", slug: `copy-${workspace.slug}` } }, archive, blobs);
    expect(await found(owner, copy.workspace.id, "ประมาณ")).toEqual([TITLE]);
    expect(new Set(await found(owner, copy.workspace.id, "โรงเรียน"))).toEqual(new Set([TITLE, "imported"]));
  });
});
