import type { Metadata } from "next";
import { requireMember } from "@/server/http/require-member";
import { presentTrashItem } from "@/server/presenters/present-document";
import { listTrash } from "@/server/services/documents/list-trash";
import { TrashList } from "@/app/(app)/w/[workspace]/trash/_components/trash-list";
import { TrashedNotice } from "@/app/(app)/w/[workspace]/trash/_components/trashed-notice";
import { TRASHED_PARAM } from "@/lib/trashed-href";

export const metadata: Metadata = { title: "Trash" };

export default async function TrashPage({
  params,
  searchParams,
}: {
  params: Promise<{ workspace: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx, workspace } = await requireMember((await params).workspace);
  const items = (await listTrash(ctx, workspace.id)).map(presentTrashItem);
  // Arriving from "Move to trash" on the open document (lib/trashed-href.ts): only while it is still here.
  const trashedId = (await searchParams)[TRASHED_PARAM];
  const trashed = typeof trashedId === "string" ? items.find((item) => item.id === trashedId) : undefined;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
      <header>
        <h1 className="text-2xl font-semibold">Trash</h1>
        <p className="mt-1 text-sm text-muted">
          Trashed documents keep their sub-documents and are deleted for good after 30 days.
        </p>
      </header>
      {trashed ? <TrashedNotice key={trashed.id} workspaceSlug={workspace.slug} item={trashed} canRestore={trashed.abilities.restore} /> : null}
      <TrashList
        workspaceSlug={workspace.slug}
        items={items}
        canRestore={workspace.abilities.edit}
        canPurge={workspace.abilities.manageMembers}
      />
    </div>
  );
}
