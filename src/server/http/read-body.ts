import type { z } from "zod";
import { AppError, fieldErrorsFrom, validationError } from "@/server/errors";

/** docs/product.md "Validation": an API request body is at most 1 MB (uploads 10 MB and imports 50 MB have their own limits). */
export const MAX_JSON_BYTES = 1024 * 1024;

/**
 * The request's body, refused with 413 before it is all in memory: by its Content-Length when
 * given, and by counting bytes as they arrive (a chunked body has no length, and a length can
 * lie). The stream is cancelled at the limit, so the client's upload is abandoned.
 * @throws AppError too_large
 */
export async function readBodyAtMost(request: Request, limit: number, tooLargeMessage: string): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new AppError("too_large", tooLargeMessage);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel("body too large");
      throw new AppError("too_large", tooLargeMessage);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * A JSON request body validated by `schema` (use strict objects: unknown fields are refused).
 * @throws AppError unsupported_media_type (not JSON) | too_large (over 1 MB) | bad_request (malformed JSON) | validation_failed (fields named)
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType)) {
    throw new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  const bytes = await readBodyAtMost(request, MAX_JSON_BYTES, "Request bodies can be at most 1 MB.");
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new AppError("bad_request", "The body is not valid JSON.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(fieldErrorsFrom(parsed.error));
  return parsed.data;
}
