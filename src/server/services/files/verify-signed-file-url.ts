import type { PublicContext } from "@/server/context";
import { AppError } from "@/server/errors";
import { isShareGrantLive } from "@/server/services/sharing/is-share-grant-live";
import type { FileUrlSigner } from "@/server/storage/file-url-signer";
import { getFileUrlSigner } from "@/server/storage/file-url-signer";
import { canMembershipReadFile } from "./can-membership-read-file";
import { FILE_NOT_FOUND } from "./read-file";

export interface SignedFileRequest {
  fileId: string;
  /** The URL's query as received: `expires` and `sig`, a published page's `share` and `doc`, a member's page's `member`. */
  query: { get(name: string): string | null };
}

/** What a valid signed URL allows. */
export interface SignedFileAccess {
  /** The signature's remaining life, which caches must not outlive. */
  maxAgeSeconds: number;
  /**
   * Signed for a published page: it answers only while that page would, so no shared cache may
   * keep the bytes and a browser must ask again before reusing them (file-response.ts).
   */
  published: boolean;
}

/**
 * Whether a signed file URL still answers, without reading the file: the signature and its
 * expiry (no query), and then what it was signed for, still so — for a published page's URL,
 * its public link and page live and the page still showing the image (isShareGrantLive: one
 * query by primary key, two below the shared document); for a member's page's, the member still
 * one who may read the file (canMembershipReadFile: one query by primary keys). An export's
 * URL, bound to no one, only expires. Checked on every request — by the file route, and by
 * server.ts in front of Next's image optimiser, whose cache would otherwise keep serving the
 * image (docs/architecture.md "Signed file URLs").
 * @throws AppError not_found (bad, expired or no longer granted)
 */
export async function verifySignedFileUrl(ctx: PublicContext, request: SignedFileRequest, deps: { signer?: FileUrlSigner; now?: number } = {}): Promise<SignedFileAccess> {
  const verified = (deps.signer ?? getFileUrlSigner()).verifyQuery(request.fileId, request.query, deps.now);
  if (!verified) throw new AppError("not_found", FILE_NOT_FOUND);
  if (verified.grant && !(await isShareGrantLive(ctx, verified.grant, request.fileId))) throw new AppError("not_found", FILE_NOT_FOUND);
  if (verified.membershipId && !(await canMembershipReadFile(ctx, verified.membershipId, request.fileId))) throw new AppError("not_found", FILE_NOT_FOUND);
  return { maxAgeSeconds: verified.remainingSeconds, published: verified.grant !== null };
}
