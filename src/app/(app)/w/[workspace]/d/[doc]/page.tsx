import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { isClientSideRender } from "@/server/http/is-client-side-render";
import { NONCE_HEADER } from "@/server/http/security-headers";
import { redirectStaleSegment } from "@/server/http/redirect-stale-segment";
import { requireMember } from "@/server/http/require-member";
import { AppError } from "@/server/errors";
import { pdfUnavailableReason } from "@/server/formats/export/pdf-printer";
import { loadDocumentForEditor } from "@/server/services/documents/load-document-for-editor";
import { listMembers } from "@/server/services/workspaces/list-members";
import { showMentionNames } from "@/server/body/mention-markup";
import { handOffBody } from "@/shared/body-handoff";
import { titleKeepScript } from "@/lib/title-draft";
import { earlyTypingKey } from "@/editor/early-typing-keep";
import { serverBodySnapshotScript } from "@/editor/server-body-snapshot-script";
import { displayTitle, documentIdFromSegment } from "@/shared/document-slug";
import { DocumentView } from "@/app/(app)/w/[workspace]/d/[doc]/_components/document-view";

type Props = { params: Promise<{ workspace: string; doc: string }> };

// Cached per request: generateMetadata and the page share one lookup.
const load = cache(async (slug: string, segment: string) => {
  const { ctx, workspace } = await requireMember(slug);
  const id = documentIdFromSegment(segment);
  if (!id) notFound();
  try {
    return { ctx, workspace, ...(await loadDocumentForEditor(ctx, id)) };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace, doc } = await params;
  const { doc: loaded } = await load(workspace, doc);
  return { title: displayTitle(loaded.title) };
}

export default async function DocumentPage({ params }: Props) {
  const { workspace: slug, doc: segment } = await params;
  const { ctx, workspace, doc, abilities, html: storedHtml, isFavorite, isFollowing, hasChildren } = await load(slug, segment);
  // [doc] is resolved by its id; an old title's slug redirects to the current one.
  const canonical = await redirectStaleSegment(segment, doc, (current) => `/w/${workspace.slug}/d/${current}`);
  // Mentions show members' current names (docs/product.md "Mentions"); those who may mention
  // (editors in the body, commenters in comments) also get addresses, which the "@" picker matches.
  const canMention = abilities.update || abilities.comment;
  const members = (await listMembers(ctx, workspace.id)).map((member) => ({ id: member.userId, name: member.name, ...(canMention ? { email: member.email } : {}) }));
  const names = new Map(members.map((member) => [member.id, member.name]));
  const html = showMentionNames(storedHtml, (id) => names.get(id), "editor");

  // A page load has the body in its HTML once (shared/body-handoff.ts); the app's own renders have no HTML.
  const bodyKey = (await isClientSideRender()) ? null : handOffBody(html);
  return (
    <>
      <DocumentView
        key={doc.id}
        workspaceId={workspace.id}
        workspaceSlug={workspace.slug}
        segment={canonical}
        document={{ id: doc.id, title: doc.title, isFavorite, isFollowing }}
        abilities={abilities}
        exportOptions={{ hasChildren, canPrintPdf: pdfUnavailableReason() === null }}
        initialBody={bodyKey === null ? { html } : { key: bodyKey }}
        user={{ id: ctx.actor.id, name: ctx.actor.name, color: ctx.actor.color }}
        members={members}
      />
      {abilities.update ? (
        <script
          suppressHydrationWarning
          nonce={(await headers()).get(NONCE_HEADER) ?? undefined}
          // A title typed before hydration is kept if the page goes away first (lib/title-draft.ts); only ids inside.
          dangerouslySetInnerHTML={{ __html: titleKeepScript(ctx.actor.id, doc.id) }}
        />
      ) : null}
      {bodyKey === null ? null : (
        <script
          // Browsers hide a nonce from the DOM once the script ran: the attribute can't match.
          suppressHydrationWarning
          nonce={(await headers()).get(NONCE_HEADER) ?? undefined}
          // The key is a UUID of our own, the ids are ids: nothing in the script comes from the document.
          // An editable body's early typing is kept if the page goes away before the editor has it.
          dangerouslySetInnerHTML={{ __html: serverBodySnapshotScript(bodyKey, abilities.update ? earlyTypingKey(ctx.actor.id, doc.id) : undefined) }}
        />
      )}
    </>
  );
}
