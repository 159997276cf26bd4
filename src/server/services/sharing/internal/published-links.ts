import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documents } from "@/server/db/schema";
import { rewriteLinks } from "@/server/body/rewrite-links";
import { documentIdFromSegment } from "@/shared/document-slug";

// Relative addresses resolve as they would on the page; this origin stands for "this site".
const BASE = "https://quire.invalid";
// A document's editor page, as the "@" picker and the address bar give it: /w/<workspace>/d/<title-slug-id>.
const DOCUMENT_PAGE = /^\/w\/[^/]+\/d\/([^/]+)\/?$/;

export interface PublishedLinksInput {
  html: string;
  workspaceId: string;
  /** The published address of each document the link covers (the shared one, and its live descendants when included), by id. */
  published: ReadonlyMap<string, string>;
  /** The site's own origin (PUBLIC_URL, else the request's), whose absolute addresses are this site's too; null when unknown. */
  origin: string | null;
}

/**
 * A published page's body with its links into the workspace made fit for the public
 * (docs/product.md "Mentions"): a link to a document the link covers goes to that document's
 * published page (a heading's `#h-…` anchor kept), and any other link into the workspace's pages
 * (`/w/…` on this site; another document of the workspace at any address) is unlinked, keeping
 * its text, so the page shows no workspace address and sends no reader to a sign-in. Other links
 * stay. Queries only for absolute links to documents the link does not cover, to tell this
 * workspace's from another site's.
 */
export async function publishedLinks(db: Db, input: PublishedLinksInput): Promise<string> {
  const { html, published, origin } = input;
  if (!html.includes("<a ")) return html;
  const elsewhere = new Set<string>();
  rewriteLinks(html, (href) => {
    const target = linkTarget(href, origin);
    if (target && !target.isOurs && target.documentId && !published.has(target.documentId)) elsewhere.add(target.documentId);
    return undefined;
  });
  const ours = elsewhere.size === 0 ? new Set<string>() : await workspaceDocuments(db, input.workspaceId, [...elsewhere]);
  return rewriteLinks(html, (href) => {
    const target = linkTarget(href, origin);
    if (!target) return undefined;
    const path = target.documentId ? published.get(target.documentId) : undefined;
    if (path) return `${path}${target.hash.startsWith("#h-") ? target.hash : ""}`;
    if (target.isOurs) return target.isWorkspacePage ? null : undefined;
    return target.documentId && ours.has(target.documentId) ? null : undefined;
  });
}

interface LinkTarget {
  /** On this site: a relative address, or an absolute one on `origin`. */
  isOurs: boolean;
  /** Under `/w`: a workspace's pages, which only its members may open. */
  isWorkspacePage: boolean;
  /** The document of an editor page's address, on any site. */
  documentId: string | null;
  hash: string;
}

function linkTarget(href: string, origin: string | null): LinkTarget | null {
  let url: URL;
  try {
    url = new URL(href.trim(), BASE);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const isOurs = url.origin === BASE || (origin !== null && url.origin === origin);
  const segment = DOCUMENT_PAGE.exec(url.pathname)?.[1];
  return {
    isOurs,
    isWorkspacePage: url.pathname === "/w" || url.pathname.startsWith("/w/"),
    documentId: segment ? documentIdFromSegment(decodeSegment(segment)) : null,
    hash: url.hash,
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function workspaceDocuments(db: Db, workspaceId: string, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.workspaceId, workspaceId), inArray(documents.id, ids)));
  return new Set(rows.map((row) => row.id));
}
