import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { files } from "@/server/db/schema";
import type { FileUrlSigner } from "@/server/storage/file-url-signer";
import { getFileUrlSigner } from "@/server/storage/file-url-signer";

/**
 * Signed URLs (`FileUrlSigner.signedPath`) for the files among `fileIds` that belong to
 * `workspaceId`, by id. The caller must already know the reader may see a document of
 * that workspace (a member's page load, a live share link). Files of other workspaces
 * are left out on purpose: an editor could paste any file id into their document, and
 * signing it would hand them a file they were never shown.
 */
export async function signFileUrls(
  db: Db,
  input: { workspaceId: string; fileIds: readonly string[] },
  signer: FileUrlSigner = getFileUrlSigner(),
  now: number = Date.now(),
): Promise<Map<string, string>> {
  const ids = [...new Set(input.fileIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.workspaceId, input.workspaceId), inArray(files.id, ids)));
  return new Map(rows.map((row) => [row.id, signer.signedPath(row.id, now)]));
}
