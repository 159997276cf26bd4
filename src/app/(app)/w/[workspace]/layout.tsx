import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell/app-shell";
import { requireMember } from "@/server/http/require-member";
import { countUnreadNotifications } from "@/server/services/notifications/count-unread-notifications";
import { listDocumentTree } from "@/server/services/documents/list-document-tree";
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
  const [workspaces, tree, unreadNotifications] = await Promise.all([listWorkspacesForUser(ctx), listDocumentTree(ctx, workspace.id), countUnreadNotifications(ctx)]);
  return (
    <AppShell
      actor={ctx.actor}
      workspace={workspace}
      workspaces={workspaces.map(({ slug, name }) => ({ slug, name }))}
      tree={tree.map(({ id, parentId, title }) => ({ id, parentId, title }))}
      unreadNotifications={unreadNotifications}
    >
      {children}
    </AppShell>
  );
}
