import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { redirectStaleSegment } from "@/server/http/redirect-stale-segment";
import { requireMember } from "@/server/http/require-member";
import { AppError } from "@/server/errors";
import { EXPORT_PAGE_CSS } from "@/server/formats/export/export-styles";
import { PRINT_CSS } from "@/server/formats/export/print-styles";
import { readDocument } from "@/server/services/documents/read-document";
import { listMembers } from "@/server/services/workspaces/list-members";
import { showMentionNames } from "@/server/body/mention-markup";
import { displayTitle, documentIdFromSegment } from "@/shared/document-slug";
import { PrintOnLoad } from "./print-on-load";
import "quill/dist/quill.snow.css";
import "katex/dist/katex.min.css";
import "highlight.js/styles/github.css";

type Props = { params: Promise<{ workspace: string; doc: string }> };

// What is printed is paper: the view stays light in dark mode too (its greys and code colours
// are chosen for a white page; on the dark background they fell to 2.55:1).
const PAPER_CSS = ":root, .dark { --color-bg: #ffffff; --color-fg: #18181b; --color-muted: #5b5b66; --color-accent: #4f46e5; color-scheme: light; } html, body { background: #ffffff; color: #18181b; }";

// Cached per request: generateMetadata and the page share one lookup.
const load = cache(async (slug: string, segment: string) => {
  const { ctx, workspace } = await requireMember(slug);
  const id = documentIdFromSegment(segment);
  if (!id) notFound();
  try {
    const doc = await readDocument(ctx, id);
    // Mentions as the PDF export writes them: "@" and the member's current name (docs/product.md "Mentions").
    if (!doc.html.includes('class="mention"')) return { workspace, doc };
    const names = new Map((await listMembers(ctx, workspace.id)).map((member) => [member.userId, member.name]));
    return { workspace, doc: { ...doc, html: showMentionNames(doc.html, (userId) => names.get(userId), "export") } };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace, doc } = await params;
  const { doc: loaded } = await load(workspace, doc);
  return { title: displayTitle(loaded.title), robots: { index: false } };
}

/**
 * The browser's print view of a document, where the server has no Chromium to print a PDF:
 * the stored HTML with the export's page and print stylesheets, and the print dialog opened
 * once it has loaded (a client component; no inline script, so the page CSP's nonce rule holds).
 */
export default async function PrintPage({ params }: Props) {
  const { workspace: slug, doc: segment } = await params;
  const { workspace, doc } = await load(slug, segment);
  const canonical = await redirectStaleSegment(segment, doc, (current) => `/w/${workspace.slug}/d/${current}/print`);
  const title = displayTitle(doc.title);
  return (
    <>
      {/* Our own constant CSS, set raw because React would escape its ">" selectors; style
          elements need no nonce (the page CSP allows inline styles, security-headers.ts). */}
      <style dangerouslySetInnerHTML={{ __html: `${EXPORT_PAGE_CSS}\n${PRINT_CSS}\n${PAPER_CSS}` }} />
      <PrintOnLoad backHref={`/w/${workspace.slug}/d/${canonical}`} />
      <main className="print-view ql-container ql-snow">
        <h1 className="document-title">{title}</h1>
        <div className="ql-editor" dangerouslySetInnerHTML={{ __html: doc.html }} />
      </main>
    </>
  );
}
