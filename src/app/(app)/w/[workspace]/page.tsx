import type { Metadata } from "next";
import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { requireMember } from "@/server/auth/require-member";
import { listMembers } from "@/server/services/workspaces/list-members";
import { ROLE_LABELS } from "@/shared/roles";

type Props = { params: Promise<{ workspace: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace } = await requireMember((await params).workspace);
  return { title: workspace.name };
}

export default async function WorkspaceHomePage({ params }: Props) {
  const { ctx, workspace } = await requireMember((await params).workspace);
  const members = await listMembers(ctx, workspace.id);
  const firstName = ctx.actor.name.split(/\s+/)[0];

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 sm:px-8">
      <header>
        <p className="text-sm text-muted">{workspace.name}</p>
        <h1 className="text-2xl font-semibold">Welcome, {firstName}</h1>
      </header>

      <section aria-labelledby="recent-heading" className="rounded-xl border border-border p-5">
        <h2 id="recent-heading" className="font-medium">
          Recent documents
        </h2>
        <p className="mt-2 text-sm text-muted">No documents yet. The documents you write and open will be listed here.</p>
      </section>

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
