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
/** A published page's signed URL also names the public link and, below its shared document, the page's document. */
export const SHARE_PARAM = "share";
export const DOCUMENT_PARAM = "doc";
/** A member's page's signed URL names the membership it was signed for. */
export const MEMBER_PARAM = "member";

/**
 * What let a published page's reader see its images: the public link (its row id, never its
 * token, which is the page's key) and the page's document when it is one of the shared
 * document's descendants (null for the shared document itself, whose id its page never shows).
 */
export interface ShareGrant {
  shareId: string;
  documentId: string | null;
}

/**
 * A valid signature: its remaining life, and whom it was signed for — the public link it was
 * granted through, or the membership of the member whose page it was on; both null for an export's
 * link, which answers whoever holds it.
 */
export interface VerifiedFileUrl {
  remainingSeconds: number;
  grant: ShareGrant | null;
  membershipId: string | null;
}

// The shapes a grant's parts take (a uuid; a document id), so that no two grants, no grant and a
// membership, and neither and an export's URL, sign the same text.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

// What a signature is bound to besides the file and its expiry.
type Binding = { grant: ShareGrant } | { membershipId: string } | null;

/**
 * Signs file URLs for readers that carry no session: Next's image optimiser (its internal
 * fetch of `/api/v1/files/<id>` sends no cookies) and anonymous readers of a published
 * page. Whoever renders the page has already checked that the reader may see the file;
 * the signature carries that decision to the GET handler for a limited time, together with
 * what it was decided on, which the reader checks is still so on every request: a published
 * page's grant (`signedSharePath`), so a revoked link, a trashed document or an image taken out
 * of the page takes its address with it at once; a member's membership (`signedMemberPath`),
 * so a removed member's addresses stop answering at once.
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
   * `/api/v1/files/<id>?expires=…&sig=…`, bound to no one: it answers whoever holds it (a
   * Markdown export's links, docs/api.md "Export"), valid for at least one window from `now`, or
   * with `lifetimeSeconds` for at least that long (rounded up to a whole day, so one day's
   * exports of a file share a link).
   */
  signedPath(fileId: string, now: number = Date.now(), lifetimeSeconds?: number): string {
    const expires = lifetimeSeconds === undefined ? expiryFor(now) : Math.ceil((Math.floor(now / 1000) + lifetimeSeconds) / DAY_SECONDS) * DAY_SECONDS;
    const query = new URLSearchParams({ [EXPIRES_PARAM]: String(expires), [SIGNATURE_PARAM]: this.signature(fileId, expires) });
    return `/api/v1/files/${encodeURIComponent(fileId)}?${query.toString()}`;
  }

  /**
   * `/api/v1/files/<id>?expires=…&share=…[&doc=…]&sig=…` for a published page: like `signedPath`
   * (the same windows), with the public link and page it was granted through under the signature.
   */
  signedSharePath(fileId: string, grant: ShareGrant, now: number = Date.now()): string {
    const expires = expiryFor(now);
    const query = new URLSearchParams({ [EXPIRES_PARAM]: String(expires), [SHARE_PARAM]: grant.shareId });
    if (grant.documentId !== null) query.set(DOCUMENT_PARAM, grant.documentId);
    query.set(SIGNATURE_PARAM, this.signature(fileId, expires, { grant }));
    return `/api/v1/files/${encodeURIComponent(fileId)}?${query.toString()}`;
  }

  /**
   * `/api/v1/files/<id>?expires=…&member=…&sig=…` for a member's page: like `signedPath` (the same
   * windows), with the reader's membership (its row id) under the signature.
   */
  signedMemberPath(fileId: string, membershipId: string, now: number = Date.now()): string {
    const expires = expiryFor(now);
    const query = new URLSearchParams({ [EXPIRES_PARAM]: String(expires), [MEMBER_PARAM]: membershipId });
    query.set(SIGNATURE_PARAM, this.signature(fileId, expires, { membershipId }));
    return `/api/v1/files/${encodeURIComponent(fileId)}?${query.toString()}`;
  }

  /** Seconds until a valid signature for `fileId` expires, or null when it is missing, forged or expired. */
  verify(fileId: string, expires: string | null, signature: string | null, now: number = Date.now()): number | null {
    return this.check(fileId, expires, signature, null, now);
  }

  /**
   * A signed URL's query read as `signedPath`, `signedSharePath` or `signedMemberPath` wrote it:
   * null when it is missing, forged, expired or names a grant or membership it was not signed with.
   */
  verifyQuery(fileId: string, query: { get(name: string): string | null }, now: number = Date.now()): VerifiedFileUrl | null {
    const binding = bindingOf(query);
    if (binding === undefined) return null;
    const remainingSeconds = this.check(fileId, query.get(EXPIRES_PARAM), query.get(SIGNATURE_PARAM), binding, now);
    if (remainingSeconds === null) return null;
    return { remainingSeconds, grant: binding && "grant" in binding ? binding.grant : null, membershipId: binding && "membershipId" in binding ? binding.membershipId : null };
  }

  private check(fileId: string, expires: string | null, signature: string | null, binding: Binding, now: number): number | null {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return null;
    const expected = Buffer.from(this.signature(fileId, Number(expires), binding));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    const remaining = Number(expires) - Math.floor(now / 1000);
    return remaining > 0 ? remaining : null;
  }

  // An export's URL signs `<file>.<expires>`; a published page's adds the grant, a member's page's
  // the membership, so none can be turned into another by adding or dropping query parameters.
  private signature(fileId: string, expires: number, binding: Binding = null): string {
    const text =
      binding === null
        ? `${fileId}.${expires}`
        : "grant" in binding
          ? `${fileId}.${expires}.share.${binding.grant.shareId}.${binding.grant.documentId ?? ""}`
          : `${fileId}.${expires}.member.${binding.membershipId}`;
    return crypto.createHmac("sha256", this.key).update(text).digest("base64url");
  }
}

// What the query says its signature is bound to; undefined when it can't be one the signer writes
// (a document without a link, both a link and a membership, a part of the wrong shape).
function bindingOf(query: { get(name: string): string | null }): Binding | undefined {
  const shareId = query.get(SHARE_PARAM);
  const documentId = query.get(DOCUMENT_PARAM);
  const membershipId = query.get(MEMBER_PARAM);
  if (membershipId !== null) return shareId === null && documentId === null && UUID.test(membershipId) ? { membershipId } : undefined;
  if (shareId === null) return documentId === null ? null : undefined;
  if (!UUID.test(shareId) || (documentId !== null && !DOCUMENT_ID.test(documentId))) return undefined;
  return { grant: { shareId, documentId } };
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
