import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documents } from "@/server/db/schema";
import { fileUrl } from "@/server/storage/file-urls";
import { newDocumentId } from "@/server/services/documents/internal/new-document-id";

/** The smallest valid image of each type the picker accepts (1×1 pixel), keyed by MIME type. */
export const SAMPLE_IMAGES = {
  "image/png": fromBase64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="),
  "image/gif": fromBase64("R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="),
  "image/jpeg": fromBase64("/9j/4AAQSkZJRgABAQAAAQABAAD/2Q=="),
  "image/bmp": fromBase64("Qk06AAAAAAAAADYAAAAoAAAAAQAAAAEAAAABABgAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=="),
  "image/x-icon": fromBase64(
    "AAABAAEAAQEAAAEAIABEAAAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAABAAAAAQgGAAAAHxXEiQAAAAtJREFUeJxjYAACAAAFAAF6Xqs/AAAAAElFTkSuQmCC",
  ),
} as const;

/** A solid-colour PNG of `width` × `height` pixels (RGB, one colour): an image big enough to click. */
export function solidPng(width: number, height: number, rgb: [number, number, number] = [220, 38, 38]): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3] ?? 0)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

/**
 * Inserts a bare document row for file tests. (A fuller `buildDocument` lives in
 * test/factories.ts once the documents work lands; this one keeps the files tests independent.)
 */
export async function buildFileTestDocument(
  db: Db,
  workspaceId: string,
  overrides: { deletedAt?: Date; title?: string } = {},
): Promise<{ id: string; workspaceId: string }> {
  const id = newDocumentId();
  await db.insert(documents).values({
    id,
    workspaceId,
    position: "a0",
    title: overrides.title ?? "Pictures",
    deletedAt: overrides.deletedAt ?? null,
    deletedRootId: overrides.deletedAt ? id : null,
  });
  return { id, workspaceId };
}

/**
 * Sets a document's body to `text` followed by the uploads `fileIds` as images, in `content` and
 * `html` alike, as a store derives both (the database then lists them in `image_file_ids`).
 */
export async function showImages(db: Db, documentId: string, fileIds: readonly string[], text = "Pictures"): Promise<void> {
  const ops = [{ insert: `${text}\n` }, ...fileIds.flatMap((id) => [{ insert: { image: fileUrl(id) } }, { insert: "\n" }])];
  const html = `<p>${text}</p>${fileIds.map((id) => `<p><img src="${fileUrl(id)}"></p>`).join("")}`;
  await db.update(documents).set({ content: { ops }, html }).where(eq(documents.id, documentId));
}

function fromBase64(base64: string): Uint8Array {
  return new Uint8Array(Buffer.from(base64, "base64"));
}
