import type { ReactNode } from "react";
import { CommandPalette } from "@/components/search-palette/command-palette";
import { NewFromTemplate } from "@/components/template-picker/new-from-template";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { WindowFootHost } from "@/components/ui/window-foot";
import { MobileNav } from "./mobile-nav";
import type { ShellProps } from "./shell-props";
import { Sidebar } from "./sidebar";

/** The signed-in frame: a sidebar beside the page from 768 px, a drawer below that. */
export function AppShell({ children, ...shell }: ShellProps & { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-accent px-3 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 border-r border-border bg-surface md:block">
        <Sidebar {...shell} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <MobileNav title={shell.workspace.name} end={<NotificationBell href={`/w/${shell.workspace.slug}/notifications`} initialCount={shell.unreadNotifications} variant="icon" />}>
          <Sidebar {...shell} />
        </MobileNav>
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
      </div>
      <WindowFootHost />
      <CommandPalette workspaceId={shell.workspace.id} workspaceSlug={shell.workspace.slug} canEdit={shell.workspace.abilities.edit} />
      {shell.workspace.abilities.edit ? <NewFromTemplate workspaceId={shell.workspace.id} workspaceSlug={shell.workspace.slug} /> : null}
    </div>
  );
}
