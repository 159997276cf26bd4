import crypto from "node:crypto";
import { resolveAuthSecret } from "@/server/auth/auth-secret";
import { getEnv } from "@/server/env";
import { processSingleton } from "@/server/process-singleton";

/** A signature's validity window: URLs stay the same for one window and work for one to two. */
export const FILE_URL_WINDOW_SECONDS = 6 * 60 * 60;

/**
 * How long the image links of a Markdown export keep working: the file travels to readers
 * without a Quire session (a wiki, a repository, an email), so its links must outlive the
 * download by far. Documented in docs/api.md ("Export").
 */
export const EXPORT_FILE_URL_SECONDS = 365 * 24 * 60 * 60;
const DAY_SECONDS = 24 * 60 * 60;

/** The query parameters of a signed file URL. */
export const EXPIRES_PARAM = "expires";
export const SIGNATURE_PARAM = "sig";

/**
 * Signs file URLs for readers that carry no session: Next's image optimiser (its internal
 * fetch of `/api/v1/files/<id>` sends no cookies) and anonymous readers of a published
 * page. Whoever renders the page has already checked that the reader may see the file;
 * the signature carries that decision to the GET handler for a limited time.
 *
 * Expiry is rounded up to a window boundary so the same file gives the same URL for a
 * whole window, which keeps the browser's and the optimiser's caches useful.
 */
export class FileUrlSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the auth secret, so a file signature can never be
    // replayed as anything better-auth signs.
    this.key = crypto.createHmac("sha256", secret).update("quire/file-url/v1").digest();
  }

  /**
   * `/api/v1/files/<id>?expires=…&sig=…`, valid for at least one window from `now`, or with
   * `lifetimeSeconds` for at least that long (rounded up to a whole day, so one day's exports
   * of a file share a link).
   */
  signedPath(fileId: string, now: number = Date.now(), lifetimeSeconds?: number): string {
    const expires = lifetimeSeconds === undefined ? expiryFor(now) : Math.ceil((Math.floor(now / 1000) + lifetimeSeconds) / DAY_SECONDS) * DAY_SECONDS;
    const query = new URLSearchParams({ [EXPIRES_PARAM]: String(expires), [SIGNATURE_PARAM]: this.signature(fileId, expires) });
    return `/api/v1/files/${encodeURIComponent(fileId)}?${query.toString()}`;
  }

  /** Seconds until a valid signature for `fileId` expires, or null when it is missing, forged or expired. */
  verify(fileId: string, expires: string | null, signature: string | null, now: number = Date.now()): number | null {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return null;
    const expected = Buffer.from(this.signature(fileId, Number(expires)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    const remaining = Number(expires) - Math.floor(now / 1000);
    return remaining > 0 ? remaining : null;
  }

  private signature(fileId: string, expires: number): string {
    return crypto.createHmac("sha256", this.key).update(`${fileId}.${expires}`).digest("base64url");
  }
}

/** The process's signer, keyed from AUTH_SECRET (or the secret generated into DATA_DIR). */
export function getFileUrlSigner(): FileUrlSigner {
  return processSingleton("file-url-signer", () => {
    const env = getEnv();
    return new FileUrlSigner(resolveAuthSecret(env.AUTH_SECRET, env.dataDir));
  });
}

function expiryFor(now: number): number {
  const seconds = Math.floor(now / 1000);
  return (Math.floor(seconds / FILE_URL_WINDOW_SECONDS) + 2) * FILE_URL_WINDOW_SECONDS;
}
