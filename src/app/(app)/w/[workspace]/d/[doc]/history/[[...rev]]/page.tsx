import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import "quill/dist/quill.snow.css";
import "katex/dist/katex.min.css";
import "highlight.js/styles/github.css";
// The published page's read-only look of a document body (light and dark), reused as is.
import "@/components/document-content.css";
import "@/app/p/[share]/[[...path]]/_components/published.css";
import { buttonClass } from "@/components/ui/button";
import { redirectStaleSegment } from "@/server/http/redirect-stale-segment";
import { requireMember } from "@/server/http/require-member";
import { diffRevision } from "@/shared/revision-diff";
import { AppError } from "@/server/errors";
import { presentRevision } from "@/server/presenters/present-revision";
import { listRevisions } from "@/server/services/revisions/list-revisions";
import { readRevision } from "@/server/services/revisions/read-revision";
import { displayTitle, documentIdFromSegment } from "@/shared/document-slug";
import { RestoreRevisionButton } from "@/app/(app)/w/[workspace]/d/[doc]/history/_components/restore-revision-button";
import { RevisionDiffView } from "@/app/(app)/w/[workspace]/d/[doc]/history/_components/revision-diff-view";
import { KIND_BADGE, revisionDetails, revisionLabel } from "@/app/(app)/w/[workspace]/d/[doc]/history/_components/revision-labels";
import { LocalTime } from "@/components/time/local-time";
import { RevisionTimeline } from "@/app/(app)/w/[workspace]/d/[doc]/history/_components/revision-timeline";

type Props = { params: Promise<{ workspace: string; doc: string; rev?: string[] }> };

// Cached per request: generateMetadata and the page share one lookup. Anyone who may not read
// the document (or names a revision it doesn't have) gets the 404 page.
const load = cache(async (slug: string, segment: string, rev: string | null) => {
  const { ctx, workspace } = await requireMember(slug);
  const id = documentIdFromSegment(segment);
  if (!id) notFound();
  try {
    if (rev === null) return { kind: "timeline" as const, ctx, workspace, ...(await listRevisions(ctx, id)) };
    return { kind: "revision" as const, ctx, workspace, ...(await readRevision(ctx, id, rev)) };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});

async function loadFromParams(params: Props["params"]) {
  const { workspace, doc, rev = [] } = await params;
  if (rev.length > 1) notFound();
  return { segment: doc, data: await load(workspace, doc, rev[0] ?? null) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { data } = await loadFromParams(params);
  if (data.kind === "timeline") return { title: `Versions of ${displayTitle(data.document.title)}` };
  return { title: `${revisionLabel(data.revision)} · ${displayTitle(data.doc.title)}` };
}

/** `/w/[workspace]/d/[doc]/history[/rev]`: the revision timeline, or one revision with its changes since. */
export default async function HistoryPage({ params }: Props) {
  const { segment, data } = await loadFromParams(params);
  const doc = data.kind === "timeline" ? data.document : data.doc;
  const canonical = await redirectStaleSegment(segment, doc, (current) => {
    const href = `/w/${data.workspace.slug}/d/${current}/history`;
    return data.kind === "timeline" ? href : `${href}/${data.revision.id}`;
  });
  const documentHref = `/w/${data.workspace.slug}/d/${canonical}`;
  const historyHref = `${documentHref}/history`;

  if (data.kind === "timeline") {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-8" data-testid="history-page">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="mr-auto min-w-0 break-words text-2xl font-semibold tracking-tight">Versions of “{displayTitle(doc.title)}”</h1>
          <Link href={documentHref} className={buttonClass("secondary")}>
            Back to the document
          </Link>
        </div>
        <RevisionTimeline
          documentId={doc.id}
          basePath={historyHref}
          initial={data.revisions.map((r) => presentRevision(r, data.people))}
          initialCursor={data.nextCursor}
        />
      </div>
    );
  }

  const revision = presentRevision(data.revision, data.people);
  const diff = diffRevision(data.revision.delta, data.current.delta, (id) => data.mentionNames[id]);
  const { html } = data;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-8" data-testid="revision-page">
      <nav aria-label="Version history" className="flex flex-wrap gap-3 text-sm">
        <Link href={historyHref} className="font-medium underline">
          All versions
        </Link>
        <Link href={documentHref} className="font-medium underline">
          Back to the document
        </Link>
      </nav>
      <header className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          {KIND_BADGE[revision.kind] ? <span className="rounded border border-border px-1.5 text-xs font-medium uppercase tracking-wide">{KIND_BADGE[revision.kind]}</span> : null}
          <LocalTime value={revision.createdAt} />
        </p>
        <h1 className="break-words text-2xl font-semibold tracking-tight">{revisionLabel(revision)}</h1>
        <p className="break-words text-sm text-muted">
          Title then: “{displayTitle(revision.title)}” · {revisionDetails(revision)}
        </p>
        {data.abilities.restoreVersion ? (
          <RestoreRevisionButton documentId={doc.id} revisionId={revision.id} documentHref={documentHref} />
        ) : null}
      </header>
      <section aria-labelledby="changes-heading" className="flex flex-col gap-3">
        <h2 id="changes-heading" className="text-lg font-semibold">
          Changes since this version
        </h2>
        <RevisionDiffView diff={diff} />
      </section>
      <section aria-labelledby="version-heading" className="flex flex-col gap-1">
        <h2 id="version-heading" className="text-lg font-semibold">
          This version
        </h2>
        <div className="published rounded-lg border border-border px-4 pb-4" data-testid="revision-body">
          <div className="ql-container ql-snow">
            {/* renderDeltaHtml sanitises the delta and allow-lists the markup (render-delta-html.ts). */}
            <div className="ql-editor" dangerouslySetInnerHTML={{ __html: html }} />
          </div>
        </div>
      </section>
    </div>
  );
}
