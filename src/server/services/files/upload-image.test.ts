import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { SAMPLE_IMAGES, buildFileTestDocument } from "@test/file-factories";
import { MAX_UPLOAD_BYTES } from "@/shared/editor-rules";
import type { Role } from "@/shared/roles";
import { files } from "@/server/db/schema";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { TOO_LARGE_MESSAGE, UNSUPPORTED_TYPE_MESSAGE } from "@/shared/upload-messages";
import { uploadImage } from "./upload-image";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();
let blobRoot: string;
let blobs: DiskBlobStore;
beforeAll(async () => {
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-upload-"));
  blobs = new DiskBlobStore(blobRoot);
});
afterAll(async () => {
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

async function setup(role: Role = "editor") {
  const actor = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor, role }]);
  const doc = await buildFileTestDocument(database.db, workspace.id);
  return { ctx: contextFor(database.db, actor), actor, workspace, doc };
}

describe("uploadImage", () => {
  it("stores the bytes and a files row, and answers the stable URL", async () => {
    const { ctx, actor, workspace, doc } = await setup();
    const bytes = SAMPLE_IMAGES["image/png"];
    const result = await uploadImage(ctx, { documentId: doc.id, name: "C:\\photos\\cat.png", bytes }, blobs);

    expect(result).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), url: `/api/v1/files/${result.id}`, mime: "image/png", size: bytes.byteLength });
    const [row] = await database.db.select().from(files).where(eq(files.id, result.id));
    expect(row).toMatchObject({
      workspaceId: workspace.id,
      documentId: doc.id,
      uploaderId: actor.id,
      name: "cat.png",
      mime: "image/png",
      size: bytes.byteLength,
      sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
    });
    const blob = await blobs.get(row!.storageKey);
    expect(new Uint8Array(await new Response(blob!.stream).arrayBuffer())).toEqual(bytes);
  });

  it("types the file by its bytes, whatever its name says", async () => {
    const { ctx, doc } = await setup();
    const result = await uploadImage(ctx, { documentId: doc.id, name: "icon.png", bytes: SAMPLE_IMAGES["image/x-icon"] }, blobs);
    expect(result.mime).toBe("image/x-icon");
  });

  it("refuses an SVG or a renamed text file with unsupported_media_type", async () => {
    const { ctx, doc } = await setup();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const error = await appErrorOf(uploadImage(ctx, { documentId: doc.id, name: "x.png", bytes: svg }, blobs));
    expect(error).toMatchObject({ code: "unsupported_media_type", message: UNSUPPORTED_TYPE_MESSAGE });
  });

  it("refuses more than 10 MB with too_large", async () => {
    const { ctx, doc } = await setup();
    const bytes = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    bytes.set(SAMPLE_IMAGES["image/png"]);
    const error = await appErrorOf(uploadImage(ctx, { documentId: doc.id, name: "big.png", bytes }, blobs));
    expect(error).toMatchObject({ code: "too_large", message: TOO_LARGE_MESSAGE });
  });

  it.each(["viewer", "commenter"] as const)("forbids a %s", async (role) => {
    const { ctx, doc } = await setup(role);
    const error = await appErrorOf(uploadImage(ctx, { documentId: doc.id, name: "a.png", bytes: SAMPLE_IMAGES["image/png"] }, blobs));
    expect(error.code).toBe("forbidden");
  });

  it("answers not_found for another workspace's document, and stores nothing", async () => {
    const { doc } = await setup();
    const stranger = await setup();
    const before = await database.db.select().from(files);
    const error = await appErrorOf(uploadImage(stranger.ctx, { documentId: doc.id, name: "a.png", bytes: SAMPLE_IMAGES["image/png"] }, blobs));
    expect(error.code).toBe("not_found");
    expect(await database.db.select().from(files)).toHaveLength(before.length);
  });

  it("answers not_found for a trashed document", async () => {
    const { ctx, workspace } = await setup();
    const trashed = await buildFileTestDocument(database.db, workspace.id, { deletedAt: new Date() });
    const error = await appErrorOf(uploadImage(ctx, { documentId: trashed.id, name: "a.png", bytes: SAMPLE_IMAGES["image/png"] }, blobs));
    expect(error.code).toBe("not_found");
  });
});
