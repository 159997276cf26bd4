import type { Metadata } from "next";
import { requireMember } from "@/server/http/require-member";
import { presentTrashItem } from "@/server/presenters/present-document";
import { listTrash } from "@/server/services/documents/list-trash";
import { TrashList } from "@/app/(app)/w/[workspace]/trash/_components/trash-list";

export const metadata: Metadata = { title: "Trash" };

export default async function TrashPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { ctx, workspace } = await requireMember((await params).workspace);
  const items = await listTrash(ctx, workspace.id);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
      <header>
        <h1 className="text-2xl font-semibold">Trash</h1>
        <p className="mt-1 text-sm text-muted">
          Trashed documents keep their sub-documents and are deleted for good after 30 days.
        </p>
      </header>
      <TrashList
        workspaceSlug={workspace.slug}
        items={items.map(presentTrashItem)}
        canRestore={workspace.abilities.edit}
        canPurge={workspace.abilities.manageMembers}
      />
    </div>
  );
}
