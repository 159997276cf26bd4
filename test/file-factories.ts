import type { Db } from "@/server/db/client";
import { documents } from "@/server/db/schema";
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

function fromBase64(base64: string): Uint8Array {
  return new Uint8Array(Buffer.from(base64, "base64"));
}
