import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/server/errors";
import { publicOrigin } from "@/server/http/public-origin";
import { publicContext } from "@/server/http/request-context";
import { presentPublishedPage } from "@/server/presenters/present-published-page";
import { resolveShare } from "@/server/services/sharing/resolve-share";
import { documentIdFromSegment } from "@/shared/document-slug";
import { PublishedContents, PublishedContentsDisclosure } from "@/app/p/[share]/[[...path]]/_components/published-contents";
import { PublishedOutline, PublishedOutlineDisclosure } from "@/app/p/[share]/[[...path]]/_components/published-outline";
import { anchorHeadings } from "@/server/body/anchor-headings";
import "quill/dist/quill.snow.css";
import "katex/dist/katex.min.css";
import "highlight.js/styles/github.css";
import "@/components/document-content.css";
import "@/app/p/[share]/[[...path]]/_components/published.css";
import { LocalTime } from "@/components/time/local-time";

type Props = { params: Promise<{ share: string; path?: string[] }> };

// Resolved on every request: a revoked link or a trashed document answers 404 at once.
export const dynamic = "force-dynamic";

// Cached per request: generateMetadata and the page share one lookup.
const load = cache(async (token: string, path: string[] | undefined) => {
  // One segment at most: a descendant is addressed by its own slug-id at any depth.
  if (path && path.length > 1) notFound();
  const segment = path?.[0];
  const documentId = segment === undefined ? null : documentIdFromSegment(segment);
  if (segment !== undefined && !documentId) notFound();
  // The site's own origin, so that absolute links to its workspace pages are known as such.
  const origin = publicOrigin(await headers());
  try {
    return presentPublishedPage(await resolveShare(await publicContext(), { token, documentId, origin }));
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { share, path } = await params;
  const page = await load(share, path);
  const origin = publicOrigin(await headers());
  return {
    title: page.title,
    description: page.description,
    alternates: { canonical: `${origin}${page.path}` },
    // noindex unless the link allows search engines; follow neither way for a private link.
    robots: page.allowIndexing ? { index: true, follow: true } : { index: false, follow: false },
    // The token is the page's key: don't hand it to sites the document links to.
    referrer: "same-origin",
  };
}

/** A published document (and its published children): read-only, server-rendered, no editor code. */
export default async function PublishedPage({ params }: Props) {
  const { share, path } = await params;
  const page = await load(share, path);
  // The root by its own slug, or an old title's slug: the canonical address.
  const requested = `/p/${share}${path?.[0] ? `/${path[0]}` : ""}`;
  if (requested !== page.path) redirect(page.path);
  const body = anchorHeadings(page.html);

  return (
    <div className="published mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:gap-10 lg:py-10">
      {page.contents ? <PublishedContents root={page.contents} currentId={page.currentId} /> : null}
      <main className="min-w-0 flex-1">
        <div className="xl:flex xl:flex-row-reverse xl:gap-10">
          <aside className="hidden xl:block xl:w-56 xl:shrink-0">
            <PublishedOutline outline={body.outline} />
          </aside>
          {/* The title first at any width; the lists a wide screen shows beside it, collapsed under it. */}
          <article className="min-w-0 flex-1">
            <h1 dir="auto" className="published-title break-words text-3xl font-semibold tracking-tight sm:text-4xl">{page.title}</h1>
            {page.contents ? <PublishedContentsDisclosure root={page.contents} currentId={page.currentId} /> : null}
            <PublishedOutlineDisclosure outline={body.outline} />
            <div className="ql-container ql-snow">
              {/* Sanitised when stored (derive-document: Quill's own markup, allow-listed), never user HTML as sent; the ids are ours (anchorHeadings). */}
              <div className="ql-editor" dangerouslySetInnerHTML={{ __html: body.html }} />
            </div>
          </article>
        </div>
        <footer className="mt-10 border-t border-border pt-4 text-sm text-muted">
          Last updated <LocalTime value={page.updatedAt} style="date" /> · Published with Quire
        </footer>
      </main>
    </div>
  );
}
