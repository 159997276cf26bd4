import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell/app-shell";
import { requireMember } from "@/server/auth/require-member";
import { listWorkspacesForUser } from "@/server/services/workspaces/list-workspaces-for-user";

export default async function WorkspaceLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ workspace: string }>;
}) {
  const { workspace: slug } = await params;
  const { ctx, workspace } = await requireMember(slug);
  const workspaces = await listWorkspacesForUser(ctx);
  return (
    <AppShell actor={ctx.actor} workspace={workspace} workspaces={workspaces.map(({ slug, name }) => ({ slug, name }))}>
      {children}
    </AppShell>
  );
}
