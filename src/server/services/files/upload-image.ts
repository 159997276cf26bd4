import crypto from "node:crypto";
import { MAX_UPLOAD_BYTES } from "@/shared/editor-rules";
import type { ServiceContext } from "@/server/context";
import { files } from "@/server/db/schema";
import { AppError, authorize, loggableError } from "@/server/errors";
import type { BlobStore } from "@/server/storage/blob-store";
import { newBlobKey } from "@/server/storage/blob-store";
import { getBlobStore } from "@/server/storage/get-blob-store";
import { detectImageType } from "@/server/storage/detect-image-type";
import { TOO_LARGE_MESSAGE, UNSUPPORTED_TYPE_MESSAGE } from "@/shared/upload-messages";
import { documentAbilities } from "@/server/policies/document-policy";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import { fileUrl } from "@/server/storage/file-urls";
import { cleanFileName, newFileId } from "@/server/services/files/internal/file-names";

export interface UploadImageInput {
  documentId: string;
  /** The client's file name; kept for display and downloads only, never trusted for the type. */
  name: string;
  bytes: Uint8Array;
}

/** What an upload answers; `url` is stable and is what the document stores. */
export interface UploadedImage {
  id: string;
  url: string;
  mime: string;
  size: number;
}

/**
 * Stores an image for a document the actor may update, typed by its bytes.
 * @throws AppError not_found (no such document in the actor's workspaces) | forbidden (may not edit it)
 *   | too_large (over MAX_UPLOAD_BYTES) | unsupported_media_type (not a PNG, GIF, JPEG, BMP or ICO)
 */
export async function uploadImage(
  ctx: ServiceContext,
  input: UploadImageInput,
  blobs: BlobStore = getBlobStore(),
): Promise<UploadedImage> {
  const doc = await findDocumentForMember(ctx, input.documentId);
  authorize(documentAbilities(doc).update, "You can't add images to this document.");
  if (input.bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError("too_large", TOO_LARGE_MESSAGE);
  const mime = await detectImageType(input.bytes);
  if (!mime) throw new AppError("unsupported_media_type", UNSUPPORTED_TYPE_MESSAGE);

  const id = newFileId();
  const storageKey = newBlobKey();
  await blobs.put(storageKey, input.bytes);
  try {
    await ctx.db.insert(files).values({
      id,
      workspaceId: doc.workspaceId,
      documentId: doc.id,
      uploaderId: ctx.actor.id,
      name: cleanFileName(input.name),
      mime,
      size: input.bytes.byteLength,
      sha256: crypto.createHash("sha256").update(input.bytes).digest("hex"),
      storageKey,
    });
  } catch (error) {
    // No row points at the blob, so nothing would ever delete it.
    await blobs.delete(storageKey).catch((cleanup: unknown) => console.error(`[files] orphan blob ${storageKey}: ${loggableError(cleanup)}`));
    throw error;
  }
  return { id, url: fileUrl(id), mime, size: input.bytes.byteLength };
}
