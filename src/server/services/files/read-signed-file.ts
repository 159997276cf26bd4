import type { PublicContext } from "@/server/context";
import { AppError } from "@/server/errors";
import type { BlobStore } from "@/server/storage/blob-store";
import { getBlobStore } from "@/server/storage/get-blob-store";
import type { FileUrlSigner } from "@/server/storage/file-url-signer";
import { getFileUrlSigner } from "@/server/storage/file-url-signer";
import type { ReadableFile } from "./read-file";
import { FILE_NOT_FOUND, findFileRow, readableFile } from "./read-file";

export interface SignedFileRequest {
  fileId: string;
  /** The `expires` and `sig` query parameters as received (null when absent). */
  expires: string | null;
  signature: string | null;
}

/**
 * The file a signed URL names, for readers without a session (Next's image optimiser,
 * published pages). The signer was asked by code that had checked access; the signature
 * proves it, so no membership is looked up. `maxAgeSeconds` is the signature's remaining
 * life, which caches must not outlive.
 * @throws AppError not_found (bad or expired signature, or no such file)
 */
export async function readSignedFile(
  { db }: PublicContext,
  request: SignedFileRequest,
  deps: { signer?: FileUrlSigner; blobs?: BlobStore; now?: number } = {},
): Promise<{ file: ReadableFile; maxAgeSeconds: number }> {
  const signer = deps.signer ?? getFileUrlSigner();
  const maxAgeSeconds = signer.verify(request.fileId, request.expires, request.signature, deps.now);
  if (maxAgeSeconds === null) throw new AppError("not_found", FILE_NOT_FOUND);
  const row = await findFileRow(db, request.fileId);
  if (!row) throw new AppError("not_found", FILE_NOT_FOUND);
  return { file: readableFile(row, deps.blobs ?? getBlobStore()), maxAgeSeconds };
}
