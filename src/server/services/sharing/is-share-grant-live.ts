import { and, eq, isNull } from "drizzle-orm";
import type { PublicContext } from "@/server/context";
import { documents, shares } from "@/server/db/schema";
import type { ShareGrant } from "@/server/storage/file-url-signer";
import { isLiveDescendant } from "@/server/services/sharing/internal/live-descendant";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the page a published image was signed for would still answer (resolveShare's rules):
 * the link live, its document live, and a descendant's page still covered — the link including
 * children, the document and every one up to the shared one live. One query by the share's
 * primary key for the shared document's page; a descendant's adds the walk up to it.
 */
export async function isShareGrantLive({ db }: PublicContext, grant: ShareGrant): Promise<boolean> {
  if (!UUID.test(grant.shareId)) return false; // names no share, and the query would fail on it
  const [row] = await db
    .select({ rootId: shares.documentId, includeChildren: shares.includeChildren, workspaceId: documents.workspaceId })
    .from(shares)
    .innerJoin(documents, eq(documents.id, shares.documentId))
    .where(and(eq(shares.id, grant.shareId), isNull(shares.revokedAt), isNull(documents.deletedAt)))
    .limit(1);
  if (!row) return false;
  if (grant.documentId === null || grant.documentId === row.rootId) return true;
  return row.includeChildren && (await isLiveDescendant(db, row.workspaceId, row.rootId, grant.documentId));
}
