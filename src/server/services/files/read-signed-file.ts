import type { PublicContext } from "@/server/context";
import { AppError } from "@/server/errors";
import type { BlobStore } from "@/server/storage/blob-store";
import { getBlobStore } from "@/server/storage/get-blob-store";
import type { FileUrlSigner } from "@/server/storage/file-url-signer";
import type { ReadableFile } from "./read-file";
import { FILE_NOT_FOUND, findFileRow, readableFile } from "./read-file";
import type { SignedFileAccess, SignedFileRequest } from "./verify-signed-file-url";
import { verifySignedFileUrl } from "./verify-signed-file-url";

/**
 * The file a signed URL names, for readers without a session (Next's image optimiser,
 * published pages). The signer was asked by code that had checked access; the signature
 * proves it, and the URL answers only while what it was signed for still holds: a published
 * page's link and page live with the image on it, a member's page's member still one who may
 * read the file (verifySignedFileUrl). `maxAgeSeconds` is the signature's remaining life, which
 * caches must not outlive.
 * @throws AppError not_found (bad, expired or revoked signature, or no such file)
 */
export async function readSignedFile(
  ctx: PublicContext,
  request: SignedFileRequest,
  deps: { signer?: FileUrlSigner; blobs?: BlobStore; now?: number } = {},
): Promise<{ file: ReadableFile } & SignedFileAccess> {
  const access = await verifySignedFileUrl(ctx, request, deps);
  const row = await findFileRow(ctx.db, request.fileId);
  if (!row) throw new AppError("not_found", FILE_NOT_FOUND);
  return { file: readableFile(row, deps.blobs ?? getBlobStore()), ...access };
}
