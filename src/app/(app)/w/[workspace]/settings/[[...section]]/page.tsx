import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireMember } from "@/server/auth/require-member";
import { listMembers } from "@/server/services/workspaces/list-members";
import { GeneralSettings } from "../_components/general-settings";
import { MembersList } from "../_components/members-list";
import { SettingsNav } from "../_components/settings-nav";

const SECTIONS = { general: "General", members: "Members" } as const;
type Section = keyof typeof SECTIONS;

type Props = { params: Promise<{ workspace: string; section?: string[] }> };

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

export default async function SettingsPage({ params }: Props) {
  const { workspace: slug, section: segments } = await params;
  const section = sectionFrom(segments);
  const { ctx, workspace } = await requireMember(slug);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <SettingsNav slug={workspace.slug} current={section} sections={SECTIONS} />
      {section === "general" ? (
        <GeneralSettings workspace={workspace} />
      ) : (
        <MembersList
          members={(await listMembers(ctx, workspace.id)).map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() }))}
          actorId={ctx.actor.id}
        />
      )}
    </div>
  );
}
