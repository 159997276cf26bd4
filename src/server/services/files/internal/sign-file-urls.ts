import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { files, memberships } from "@/server/db/schema";
import type { FileUrlSigner, ShareGrant } from "@/server/storage/file-url-signer";
import { getFileUrlSigner } from "@/server/storage/file-url-signer";

/**
 * Whom a page's image URLs are for: the member whose page it is (their user id), or the public
 * link and page a published page was resolved through.
 */
export type ImageReader = { userId: string } | { grant: ShareGrant };

/**
 * Signed URLs for the files among `fileIds` that belong to `workspaceId`, by id. The caller must
 * already know the reader may see a document of that workspace (a member's page load, a live
 * share link). Files of other workspaces are left out on purpose: an editor could paste any file
 * id into their document, and signing it would hand them a file they were never shown. A
 * member's URLs are `signedMemberPath`'s, bound to their membership (read in the same query: none,
 * nothing is signed), which answer only while they may read the file; a published page's are
 * `signedSharePath`'s, which answer only while that link and page do and the page shows the image.
 */
export async function signFileUrls(
  db: Db,
  input: { workspaceId: string; fileIds: readonly string[]; reader: ImageReader },
  signer: FileUrlSigner = getFileUrlSigner(),
  now: number = Date.now(),
): Promise<Map<string, string>> {
  const ids = [...new Set(input.fileIds)];
  if (ids.length === 0) return new Map();
  const inWorkspace = and(eq(files.workspaceId, input.workspaceId), inArray(files.id, ids));
  const { reader } = input;
  if ("grant" in reader) {
    const rows = await db.select({ id: files.id }).from(files).where(inWorkspace);
    return new Map(rows.map((row) => [row.id, signer.signedSharePath(row.id, reader.grant, now)]));
  }
  const rows = await db
    .select({ id: files.id, membershipId: memberships.id })
    .from(files)
    .innerJoin(memberships, and(eq(memberships.workspaceId, files.workspaceId), eq(memberships.userId, reader.userId)))
    .where(inWorkspace);
  return new Map(rows.map((row) => [row.id, signer.signedMemberPath(row.id, row.membershipId, now)]));
}
