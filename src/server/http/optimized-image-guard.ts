import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError } from "@/server/errors";
import { getDb } from "@/server/db/database";
import { requestPath } from "@/server/http/request-guard";
import type { SignedFileAccess } from "@/server/services/files/verify-signed-file-url";
import { verifySignedFileUrl } from "@/server/services/files/verify-signed-file-url";

// The only images the optimiser is given (next.config.ts localPatterns; sign-html-images.ts): a
// signed upload's address exactly as the signer writes it. Read from the raw string, with no
// normalising, so the file checked here is the one Next fetches and caches under that address.
const SIGNED_FILE_URL = /^\/api\/v1\/files\/([A-Za-z0-9_-]{1,64})\?([^#]*)$/;

/** Whether Next would take this request for its image optimiser (next-server.js: any path starting so). */
export function isOptimizedImageRequest(url: string | undefined): boolean {
  return requestPath(url).startsWith("/_next/image");
}

/**
 * What the optimiser may serve for this request (`/_next/image?url=…`): the access its signed
 * file URL still gives, or null. Next answers from its own cache without asking the file route
 * again — past max-age too, serving the stale copy while it asks, and keeping it when the asking
 * fails — so without this check a revoked link's images, an image taken off a published page,
 * a removed member's, and any expired signature's, would keep answering for as long as the cache
 * holds them.
 */
export async function optimizedImageAccess(url: string | undefined, deps: Parameters<typeof verifySignedFileUrl>[2] = {}): Promise<SignedFileAccess | null> {
  const target = url ?? "";
  const query = new URLSearchParams(target.includes("?") ? target.slice(target.indexOf("?") + 1) : "");
  const sources = query.getAll("url");
  const match = sources.length === 1 ? SIGNED_FILE_URL.exec(sources[0] ?? "") : null;
  if (!match?.[1]) return null;
  try {
    // The database itself, not request-context.ts's publicContext(): server.ts runs this outside
    // Next, where that module's session imports (next/headers, server-only) can't load.
    return await verifySignedFileUrl({ db: await getDb() }, { fileId: match[1], query: new URLSearchParams(match[2]) }, deps);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}

/**
 * server.ts's check in front of Next's image optimiser: 404 (never cached) unless the request's
 * signed file URL still answers; otherwise Next's answer goes out with a Cache-Control of ours
 * (privateImageCaching). Resolves whether Next should handle the request.
 */
export async function guardOptimizedImage(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  let access: SignedFileAccess | null;
  try {
    access = await optimizedImageAccess(request.url);
  } catch (error) {
    console.error("[files] checking an optimised image failed:", error instanceof Error ? error.message : error);
    refuse(response, 503, "Service Unavailable");
    return false;
  }
  if (!access) {
    refuse(response, 404, "Not Found");
    return false;
  }
  privateImageCaching(response, access);
  return true;
}

// Plain text, as the optimiser's own refusals are; never kept, since a trashed document can come back.
function refuse(response: ServerResponse, status: 404 | 503, text: string): void {
  response.statusCode = status;
  response.setHeader("Content-Type", "text/plain; charset=utf-8");
  response.setHeader("Cache-Control", "no-store");
  response.end(text);
}

/**
 * Replaces the optimiser's `public, max-age=N, must-revalidate` as the headers go out: our images
 * are never for shared caches (a proxy would keep serving a revoked link's image), and a
 * published page's must be asked for again before each reuse (no-cache: Next answers the
 * revalidation with a 304 once this guard has let it through, and it is a 404 once revoked).
 */
export function privateImageCaching(response: ServerResponse, access: SignedFileAccess): void {
  const writeHead = response.writeHead;
  response.writeHead = function writeHeadWithPrivateCaching(this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    const given = this.getHeader("cache-control");
    if (given !== undefined) this.setHeader("cache-control", imageCacheControl(String(given), access));
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/** The Cache-Control an optimised image goes out with, from the one Next set. */
export function imageCacheControl(given: string, access: SignedFileAccess): string {
  if (access.published) return "private, no-cache";
  return given.replace(/^\s*public\b/i, "private");
}
