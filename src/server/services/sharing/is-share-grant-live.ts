import { and, eq, exists, isNull, sql } from "drizzle-orm";
import type { PublicContext } from "@/server/context";
import { documents, files, shares } from "@/server/db/schema";
import type { ShareGrant } from "@/server/storage/file-url-signer";
import { isLiveDescendant } from "@/server/services/sharing/internal/live-descendant";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the page a published image was signed for would still answer (resolveShare's rules) and
 * still shows that image: the link live, its document live, a descendant's page still covered —
 * the link including children, the document and every one up to the shared one live — and the
 * file still an upload of the workspace that the page's document shows (`documents.image_file_ids`,
 * which the database keeps from the body on every store). One query by the share's primary key
 * for the shared document's page; a descendant's adds the walk up to it.
 */
export async function isShareGrantLive({ db }: PublicContext, grant: ShareGrant, fileId: string): Promise<boolean> {
  if (!UUID.test(grant.shareId)) return false; // names no share, and the query would fail on it
  const [row] = await db
    .select({
      rootId: shares.documentId,
      includeChildren: shares.includeChildren,
      workspaceId: documents.workspaceId,
      rootShowsFile: sql<boolean>`${fileId} = any(${documents.imageFileIds})`,
    })
    .from(shares)
    .innerJoin(documents, eq(documents.id, shares.documentId))
    .where(
      and(
        eq(shares.id, grant.shareId),
        isNull(shares.revokedAt),
        isNull(documents.deletedAt),
        // The upload itself, of the page's workspace: one whose row is deleted answers nothing. A
        // subquery rather than a join: PGlite plans it in less time (docs/benchmarks.md).
        exists(db.select({ one: sql`1` }).from(files).where(and(eq(files.id, fileId), eq(files.workspaceId, documents.workspaceId)))),
      ),
    )
    .limit(1);
  if (!row) return false;
  if (grant.documentId === null || grant.documentId === row.rootId) return row.rootShowsFile;
  return row.includeChildren && (await isLiveDescendant(db, row.workspaceId, row.rootId, grant.documentId, { showingFile: fileId }));
}
