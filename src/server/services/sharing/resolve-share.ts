import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documents, shares } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { liveSubtreeRows } from "@/server/services/documents/internal/document-tree";
import { signHtmlImages } from "@/server/services/files/internal/sign-html-images";
import { memberNames } from "@/server/services/members/internal/member-names";
import { showMentionNames } from "@/server/body/mention-markup";
import { isShareToken } from "@/server/services/sharing/internal/share-token";
import { WALK_LIMIT, isLiveDescendant } from "@/server/services/sharing/internal/live-descendant";
import type { PublicContext } from "@/server/context";
import type { PublishedNodeRow } from "@/server/presenters/present-published-page";
import { publishedPath } from "@/server/presenters/present-published-page";
import { publishedLinks } from "@/server/services/sharing/internal/published-links";

export const PUBLISHED_NOT_FOUND = "This page could not be found.";

/** A published document in the contents sidebar. */
export type PublishedNode = PublishedNodeRow;

/** What a published page shows. */
export interface PublishedPage {
  share: { token: string; includeChildren: boolean; allowIndexing: boolean };
  /** The shared document. */
  root: { id: string; title: string };
  /**
   * The document this URL addresses: the root, or one of its live descendants; its HTML with
   * images signed for the optimiser and links into the workspace made public (publishedLinks).
   */
  document: { id: string; workspaceId: string; title: string; html: string; text: string; updatedAt: Date };
  /** The root and its live descendants in tree order when the link includes children; else null. */
  contents: PublishedNode[] | null;
}

/**
 * Resolves `/p/<token>/<documentId?>` for an anonymous reader. The link must be live (not
 * revoked) and its document live; a descendant must be live with every document between it
 * and the root live too, and the link must include children. Anything else, including a
 * document of another tree or workspace, is the same not_found. Checked on every read, so
 * trashing or revoking takes effect at once without a cleanup job. `origin` is the site's own
 * (PUBLIC_URL, else the request's), so that absolute links to its workspace pages are known.
 * @throws AppError not_found
 */
export async function resolveShare({ db }: PublicContext, input: { token: string; documentId?: string | null; origin?: string | null }): Promise<PublishedPage> {
  if (!isShareToken(input.token)) throw notFound();
  const [row] = await db
    .select({
      shareId: shares.id,
      token: shares.token,
      includeChildren: shares.includeChildren,
      allowIndexing: shares.allowIndexing,
      rootId: documents.id,
      rootTitle: documents.title,
      workspaceId: documents.workspaceId,
    })
    .from(shares)
    .innerJoin(documents, eq(documents.id, shares.documentId))
    .where(and(eq(shares.token, input.token), isNull(shares.revokedAt), isNull(documents.deletedAt)))
    .limit(1);
  if (!row) throw notFound();
  const targetId = input.documentId ?? row.rootId;
  if (targetId !== row.rootId) {
    if (!row.includeChildren) throw notFound();
    if (!(await isLiveDescendant(db, row.workspaceId, row.rootId, targetId))) throw notFound();
  }
  const [document, contents] = await Promise.all([
    db
      .select({
        id: documents.id,
        workspaceId: documents.workspaceId,
        title: documents.title,
        html: documents.html,
        text: documents.text,
        updatedAt: documents.updatedAt,
      })
      .from(documents)
      .where(and(eq(documents.id, targetId), eq(documents.workspaceId, row.workspaceId), isNull(documents.deletedAt)))
      .limit(1),
    row.includeChildren ? liveSubtree(db, row.workspaceId, row.rootId) : Promise.resolve(null),
  ]);
  const [found] = document;
  if (!found) throw notFound();
  // The link's resolution is what lets this reader see the page: images of its workspace only,
  // signed for this link and page, so that they stop answering with it, or once the page no
  // longer shows them (isShareGrantLive).
  const signed = await signHtmlImages(db, found.workspaceId, found.html, { grant: { shareId: row.shareId, documentId: found.id === row.rootId ? null : found.id } });
  // Links into the workspace's pages would send readers to a sign-in and show its address.
  const covered = contents ?? [{ id: row.rootId, title: row.rootTitle }];
  const published = new Map(covered.map((doc) => [doc.id, publishedPath(row.token, row.rootId, doc)]));
  const html = await publishedLinks(db, { html: await publishedMentions(db, found.workspaceId, signed), workspaceId: found.workspaceId, published, origin: input.origin ?? null });
  return {
    share: { token: row.token, includeChildren: row.includeChildren, allowIndexing: row.allowIndexing },
    root: { id: row.rootId, title: row.rootTitle },
    document: { ...found, html },
    contents,
  };
}

// A published page shows a mention as "@" and the member's current name, never their user id
// (docs/product.md "Mentions"); the names are read only when the page mentions someone.
async function publishedMentions(db: PublicContext["db"], workspaceId: string, html: string): Promise<string> {
  if (!html.includes('class="mention"')) return html;
  const names = await memberNames(db, workspaceId);
  return showMentionNames(html, (id) => names.get(id), "published");
}

function notFound(): AppError {
  return new AppError("not_found", PUBLISHED_NOT_FOUND);
}

/** The root and its live descendants (a trashed document hides its whole subtree), in tree order. */
async function liveSubtree(db: Db, workspaceId: string, rootId: string): Promise<PublishedNode[]> {
  const rows = await liveSubtreeRows(db, workspaceId, rootId, WALK_LIMIT);
  const children = new Map<string, typeof rows>();
  for (const row of rows) {
    const siblings = children.get(row.parentId ?? "") ?? [];
    siblings.push(row);
    children.set(row.parentId ?? "", siblings);
  }
  const ordered: PublishedNode[] = [];
  // Depth first, siblings by position as in the sidebar (byte order, like the column's COLLATE "C").
  const visit = (id: string, parentId: string | null, title: string) => {
    ordered.push({ id, parentId, title });
    const kids = (children.get(id) ?? []).sort((a, b) => compareBytes(a.position, b.position) || compareBytes(a.id, b.id));
    for (const kid of kids) visit(kid.id, id, kid.title);
  };
  const root = rows.find((r) => r.id === rootId);
  if (root) visit(root.id, null, root.title);
  return ordered;
}

function compareBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
