import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { files } from "@/server/db/schema";
import type { FileUrlSigner, ShareGrant } from "@/server/storage/file-url-signer";
import { getFileUrlSigner } from "@/server/storage/file-url-signer";

/**
 * Signed URLs (`FileUrlSigner.signedPath`) for the files among `fileIds` that belong to
 * `workspaceId`, by id. The caller must already know the reader may see a document of
 * that workspace (a member's page load, a live share link). Files of other workspaces
 * are left out on purpose: an editor could paste any file id into their document, and
 * signing it would hand them a file they were never shown. With a `grant` (a published page),
 * the URLs are `signedSharePath`'s, which answer only while that link and page do.
 */
export async function signFileUrls(
  db: Db,
  input: { workspaceId: string; fileIds: readonly string[]; grant?: ShareGrant },
  signer: FileUrlSigner = getFileUrlSigner(),
  now: number = Date.now(),
): Promise<Map<string, string>> {
  const ids = [...new Set(input.fileIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.workspaceId, input.workspaceId), inArray(files.id, ids)));
  const { grant } = input;
  return new Map(rows.map((row) => [row.id, grant ? signer.signedSharePath(row.id, grant, now) : signer.signedPath(row.id, now)]));
}
