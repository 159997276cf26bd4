import { MAX_UPLOAD_BYTES } from "@/shared/editor-rules";
import { AppError } from "@/server/errors";
import { readBodyAtMost } from "./read-body";
import { TOO_LARGE_MESSAGE } from "@/shared/upload-messages";

/** Room for the multipart envelope (boundaries, part headers, the documentId field) around a full-size image. */
export const MULTIPART_MARGIN_BYTES = 64 * 1024;

/** The parts of an upload request (docs/product.md "Calls": `POST /api/v1/files`). */
export interface UploadForm {
  documentId: string;
  name: string;
  bytes: Uint8Array;
}

/**
 * Reads a `multipart/form-data` upload with fields `file` and `documentId`, refusing an
 * oversized body before it is all in memory (readBodyAtMost).
 * @throws AppError unsupported_media_type (not multipart) | too_large | bad_request (malformed or missing fields)
 */
export async function readUploadForm(request: Request, maxBodyBytes = MAX_UPLOAD_BYTES + MULTIPART_MARGIN_BYTES): Promise<UploadForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AppError("unsupported_media_type", "Send the image as multipart/form-data with the fields file and documentId.");
  }
  const body = await readBodyAtMost(request, maxBodyBytes, TOO_LARGE_MESSAGE);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    throw new AppError("bad_request", `The upload could not be read: ${error instanceof Error ? error.message : "malformed multipart body"}.`);
  }
  const file = form.get("file");
  const documentId = form.get("documentId");
  if (!(file instanceof File)) throw new AppError("bad_request", "The upload needs a file in the field file.");
  if (typeof documentId !== "string" || documentId === "") throw new AppError("bad_request", "The upload needs the field documentId.");
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError("too_large", TOO_LARGE_MESSAGE);
  return { documentId, name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
