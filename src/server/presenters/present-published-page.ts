import type { PublishedContentsNode } from "@/shared/dto";
import { documentSegment, displayTitle } from "@/shared/document-slug";

// A search-result snippet's usual length.
const DESCRIPTION_CHARS = 160;

/** A document in the published contents: its place in the tree and its title. */
export interface PublishedNodeRow {
  id: string;
  parentId: string | null;
  title: string;
}

/** A resolved share as the published page needs it (its HTML with images already signed). */
export interface PublishedPageRow {
  share: { token: string; allowIndexing: boolean };
  root: { id: string; title: string };
  document: { id: string; title: string; html: string; text: string; updatedAt: Date };
  /** The published tree in tree order (parents first), or null without children. */
  contents: PublishedNodeRow[] | null;
}

/** Everything the published page renders, with images already routed through signed URLs. */
export interface PublishedPageView {
  title: string;
  description: string;
  /** This page's canonical path: `/p/<token>` for the shared document, `/p/<token>/<slug-id>` below it. */
  path: string;
  html: string;
  allowIndexing: boolean;
  updatedAt: Date;
  /** The published tree (root first) when the link includes children; else null. */
  contents: PublishedContentsNode | null;
  currentId: string;
}

/** A published document's address: `/p/<token>` for the shared document, `/p/<token>/<slug-id>` below it. */
export function publishedPath(token: string, rootId: string, doc: { id: string; title: string }): string {
  return doc.id === rootId ? `/p/${token}` : `/p/${token}/${documentSegment(doc)}`;
}

/** The published page for a resolved share (whose HTML already has its images signed and its links made public: resolveShare). */
export function presentPublishedPage(page: PublishedPageRow): PublishedPageView {
  const pathOf = (doc: { id: string; title: string }) => publishedPath(page.share.token, page.root.id, doc);
  return {
    title: displayTitle(page.document.title),
    description: summarizeText(page.document.text),
    path: pathOf(page.document),
    html: page.document.html,
    allowIndexing: page.share.allowIndexing,
    updatedAt: page.document.updatedAt,
    contents: page.contents ? contentsTree(page.contents, pathOf) : null,
    currentId: page.document.id,
  };
}

/** The first ~160 characters of the text, cut at a word, with an ellipsis when cut. */
export function summarizeText(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= DESCRIPTION_CHARS) return flat;
  const cut = flat.slice(0, DESCRIPTION_CHARS - 1);
  const atWord = cut.lastIndexOf(" ") > DESCRIPTION_CHARS / 2 ? cut.slice(0, cut.lastIndexOf(" ")) : cut;
  return `${atWord.replace(/[\s.,;:!?-]+$/, "")}…`;
}

function contentsTree(nodes: PublishedNodeRow[], pathOf: (doc: { id: string; title: string }) => string): PublishedContentsNode | null {
  const byId = new Map<string, PublishedContentsNode>();
  let root: PublishedContentsNode | null = null;
  // Nodes arrive in tree order (parents before children), so each parent is already there.
  for (const node of nodes) {
    const entry = { id: node.id, title: displayTitle(node.title), path: pathOf(node), children: [] };
    byId.set(node.id, entry);
    if (node.parentId === null) root = entry;
    else byId.get(node.parentId)?.children.push(entry);
  }
  return root;
}
