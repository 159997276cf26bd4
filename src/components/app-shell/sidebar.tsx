import { DocumentTree } from "@/components/document-tree/document-tree";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { AccountMenu } from "./account-menu";
import { NavLink } from "./nav-link";
import { SearchButton } from "./search-button";
import type { ShellProps } from "./shell-props";
import { WorkspaceSwitcher } from "./workspace-switcher";

/** Workspace switcher, navigation, the document tree and the account menu. */
export function Sidebar({ actor, workspace, workspaces, tree, unreadNotifications }: ShellProps) {
  const base = `/w/${workspace.slug}`;
  return (
    <nav aria-label="Workspace" className="flex h-full flex-col gap-4 p-3">
      <WorkspaceSwitcher current={workspace} workspaces={workspaces} />
      <ul className="flex flex-col gap-0.5">
        <li>
          <SearchButton />
        </li>
        <li>
          <NavLink href={base} exact icon="home">
            Home
          </NavLink>
        </li>
        <li>
          <NotificationBell href={`${base}/notifications`} initialCount={unreadNotifications} variant="row" />
        </li>
        <li>
          <NavLink href={`${base}/trash`} icon="trash">
            Trash
          </NavLink>
        </li>
        <li>
          <NavLink href={`${base}/settings`} icon="settings">
            Settings
          </NavLink>
        </li>
      </ul>
      <DocumentTree workspaceId={workspace.id} workspaceSlug={workspace.slug} rows={tree} canEdit={workspace.abilities.edit} />
      <AccountMenu actor={actor} workspace={{ slug: workspace.slug, documents: tree }} />
    </nav>
  );
}
