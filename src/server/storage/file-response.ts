/** What a file response needs; `ReadableFile` from the read services fits. */
export interface ServableFile {
  name: string;
  mime: string;
  size: number;
  sha256: string;
  open(): Promise<ReadableStream<Uint8Array>>;
}

/** Cache-Control for a reader with a session: ids are unique per upload, so the bytes never change. */
export const SESSION_CACHE_CONTROL = "private, max-age=31536000, immutable";

/**
 * Cache-Control for a signed URL: no cache may keep the bytes past the signature.
 * Next's image optimiser takes max-age as its own cache lifetime, so this bounds it too.
 * A published page's URL (`published`) answers only while its link does: a browser must ask
 * again before each reuse (no-cache: a 304 while the link is live, a 404 once it is revoked).
 */
export function signedCacheControl(access: { maxAgeSeconds: number; published: boolean }): string {
  return access.published ? `private, no-cache, max-age=${access.maxAgeSeconds}` : `private, max-age=${access.maxAgeSeconds}`;
}

/**
 * Answers with the file's bytes, or 304 when `If-None-Match` already names them (the
 * ETag is the SHA-256, so it is strong). The headers keep a hostile "image" inert: the
 * type was checked from the bytes at upload, nosniff stops browsers guessing another,
 * and the CSP forbids anything a document could do if opened directly.
 * @throws AppError not_found when the stored bytes are missing
 */
export async function fileResponse(request: Request, file: ServableFile, cacheControl: string): Promise<Response> {
  const etag = `"${file.sha256}"`;
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
  });
  if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", file.mime);
  headers.set("Content-Length", String(file.size));
  headers.set("Content-Disposition", `inline; filename*=UTF-8''${encodeRFC5987(file.name)}`);
  return new Response(await file.open(), { status: 200, headers });
}

// RFC 9110 §13.1.2: a list of entity tags or "*", compared weakly for If-None-Match.
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function encodeRFC5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
