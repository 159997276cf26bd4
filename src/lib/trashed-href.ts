/** The trash page's query parameter naming the document just moved to the trash: its notice offers to undo it. */
export const TRASHED_PARAM = "trashed";

/**
 * Where a person goes after trashing the document they had open (from its "…" menu or the sidebar's
 * tree): the trash page, which says what was trashed and offers to undo it (docs/product.md "States").
 */
export function trashedHref(workspaceSlug: string, documentId: string): string {
  return `/w/${workspaceSlug}/trash?${TRASHED_PARAM}=${encodeURIComponent(documentId)}`;
}
