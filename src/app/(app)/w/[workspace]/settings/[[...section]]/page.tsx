import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireMember } from "@/server/http/require-member";
import { assignableRoles } from "@/server/policies/member-policy";
import { presentMembers, presentPendingInvitation } from "@/server/presenters/present-member";
import { listPendingInvitations } from "@/server/services/invitations/list-pending-invitations";
import { listMembers } from "@/server/services/workspaces/list-members";
import { listApiTokens } from "@/server/services/api-tokens/list-api-tokens";
import { ApiTokensSettings } from "@/app/(app)/w/[workspace]/settings/_components/api-tokens-settings";
import { isWorkspaceEmpty } from "@/server/services/workspaces/is-workspace-empty";
import { GeneralSettings } from "@/app/(app)/w/[workspace]/settings/_components/general-settings";
import { ImportExportSettings } from "@/app/(app)/w/[workspace]/settings/_components/import-export-settings";
import { InviteForm } from "@/app/(app)/w/[workspace]/settings/_components/invite-form";
import { MembersList } from "@/app/(app)/w/[workspace]/settings/_components/members-list";
import { PendingInvitations } from "@/app/(app)/w/[workspace]/settings/_components/pending-invitations";
import { SettingsNav } from "@/app/(app)/w/[workspace]/settings/_components/settings-nav";

const SECTIONS = {
  general: "General",
  members: "Members",
  invitations: "Invitations",
  "api-tokens": "API tokens",
  "import-export": "Import and export",
} as const;
type Section = keyof typeof SECTIONS;

type Props = { params: Promise<{ workspace: string; section?: string[] }>; searchParams: Promise<{ moved?: string }> };

function sectionFrom(segments: string[] | undefined): Section {
  const [first, ...rest] = segments ?? [];
  if (rest.length > 0) notFound();
  if (first === undefined) return "general";
  if (first in SECTIONS) return first as Section; // checked just above
  notFound();
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { section } = await params;
  return { title: `${SECTIONS[sectionFrom(section)]} settings` };
}

export default async function SettingsPage({ params, searchParams }: Props) {
  const { workspace: slug, section: segments } = await params;
  const section = sectionFrom(segments);
  const { ctx, workspace } = await requireMember(slug);
  const canManageMembers = workspace.abilities.manageMembers;
  // Invitations are an admin section: others don't see the tab, and the address shows the members' 404.
  if (section === "invitations" && !canManageMembers) notFound();
  if (section === "import-export" && !workspace.abilities.exportArchive) notFound();
  const sections: Partial<Record<Section, string>> = canManageMembers
    ? { ...SECTIONS }
    : { general: SECTIONS.general, members: SECTIONS.members, "api-tokens": SECTIONS["api-tokens"] };
  if (!workspace.abilities.exportArchive) delete sections["import-export"];

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <SettingsNav slug={workspace.slug} current={section} sections={sections} />
      {section === "general" ? <GeneralSettings workspace={workspace} hasMoved={(await searchParams).moved === "1"} /> : null}
      {section === "members" ? (
        <MembersList
          members={presentMembers(await listMembers(ctx, workspace.id), { id: ctx.actor.id, role: workspace.role })}
          workspace={{ id: workspace.id, slug: workspace.slug, name: workspace.name }}
          canInvite={canManageMembers}
        />
      ) : null}
      {section === "invitations" ? (
        <>
          <InviteForm workspaceId={workspace.id} roles={assignableRoles(workspace.role)} />
          <PendingInvitations
            invitations={(await listPendingInvitations(ctx, workspace.id)).map((row) => presentPendingInvitation(row, workspace.role))}
          />
        </>
      ) : null}
      {section === "api-tokens" ? <ApiTokensSettings workspaceId={workspace.id} tokens={await listApiTokens(ctx, workspace.id)} /> : null}
      {section === "import-export" ? <ImportExportSettings workspace={workspace} isEmpty={await isWorkspaceEmpty(ctx, { id: workspace.id })} /> : null}
    </div>
  );
}
