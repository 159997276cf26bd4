import type { Metadata } from "next";
import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { requireMember } from "@/server/http/require-member";
import { presentDocumentSummary } from "@/server/presenters/present-document";
import { listFavorites } from "@/server/services/documents/list-favorites";
import { listRecentDocuments } from "@/server/services/documents/list-recent-documents";
import { listMembers } from "@/server/services/workspaces/list-members";
import type { DocumentSummaryDto } from "@/shared/dto";
import { displayTitle, documentSegment } from "@/shared/document-slug";
import { ROLE_LABELS } from "@/shared/roles";
import { NewDocumentButton } from "@/app/(app)/w/[workspace]/_components/new-document-button";
import { LocalTime } from "@/components/time/local-time";

type Props = { params: Promise<{ workspace: string }> };


export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace } = await requireMember((await params).workspace);
  return { title: workspace.name };
}

export default async function WorkspaceHomePage({ params }: Props) {
  const { ctx, workspace } = await requireMember((await params).workspace);
  const [members, recent, favorites] = await Promise.all([
    listMembers(ctx, workspace.id),
    listRecentDocuments(ctx, workspace.id, 8),
    listFavorites(ctx, workspace.id),
  ]);
  const firstName = ctx.actor.name.split(/\s+/)[0];

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 sm:px-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm text-muted">{workspace.name}</p>
          <h1 className="text-2xl font-semibold">Welcome, {firstName}</h1>
        </div>
        {workspace.abilities.edit ? <NewDocumentButton workspaceId={workspace.id} workspaceSlug={workspace.slug} /> : null}
      </header>

      <DocumentList
        id="favorites-heading"
        heading="Favourites"
        empty="Star a document in its header to keep it here."
        documents={favorites.map(presentDocumentSummary)}
        slug={workspace.slug}
      />
      <DocumentList
        id="recent-heading"
        heading="Recently updated"
        empty={workspace.abilities.edit ? "No documents yet. Create the first one with “New document”." : "No documents yet."}
        documents={recent.map(presentDocumentSummary)}
        slug={workspace.slug}
      />

      <section aria-labelledby="members-heading" className="rounded-xl border border-border p-5">
        <div className="flex items-center justify-between gap-4">
          <h2 id="members-heading" className="font-medium">
            Members <span className="text-muted">({members.length})</span>
          </h2>
          <Link href={`/w/${workspace.slug}/settings/members`} className="text-sm font-medium text-accent hover:underline">
            View all
          </Link>
        </div>
        <ul className="mt-3 flex flex-col gap-2">
          {members.slice(0, 5).map((member) => (
            <li key={member.userId} className="flex items-center gap-3 text-sm">
              <Avatar name={member.name} color={member.color} />
              <span className="min-w-0 flex-1 truncate">{member.name}</span>
              <span className="text-muted">{ROLE_LABELS[member.role]}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function DocumentList({ id, heading, empty, documents, slug }: { id: string; heading: string; empty: string; documents: DocumentSummaryDto[]; slug: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border p-5">
      <h2 id={id} className="font-medium">
        {heading}
      </h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {documents.map((doc) => (
            <li key={doc.id}>
              <Link href={`/w/${slug}/d/${documentSegment(doc)}`} className="flex items-center gap-3 py-2 text-sm hover:text-accent">
                <span className="min-w-0 flex-1 truncate font-medium">{displayTitle(doc.title)}</span>
                <LocalTime value={doc.updatedAt} className="shrink-0 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
