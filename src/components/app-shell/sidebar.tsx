import { AccountMenu } from "./account-menu";
import type { ShellProps } from "./app-shell";
import { NavLink } from "./nav-link";
import { WorkspaceSwitcher } from "./workspace-switcher";

/** Workspace switcher, navigation, the document tree and the account menu. */
export function Sidebar({ actor, workspace, workspaces }: ShellProps) {
  const base = `/w/${workspace.slug}`;
  return (
    <nav aria-label="Workspace" className="flex h-full flex-col gap-4 p-3">
      <WorkspaceSwitcher current={workspace} workspaces={workspaces} />
      <ul className="flex flex-col gap-0.5">
        <li>
          <NavLink href={base} exact icon="home">
            Home
          </NavLink>
        </li>
        <li>
          <NavLink href={`${base}/settings`} icon="settings">
            Settings
          </NavLink>
        </li>
      </ul>
      <section aria-labelledby="tree-heading" className="flex min-h-0 flex-1 flex-col">
        <p id="tree-heading" className="px-2 text-xs font-medium uppercase tracking-wide text-muted">
          Documents
        </p>
        <p className="px-2 pt-2 text-sm text-muted">No documents yet.</p>
      </section>
      <AccountMenu actor={actor} />
    </nav>
  );
}
