"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useSyncExternalStore } from "react";
import { subscribeToUnreadCount, unreadCountSnapshot } from "./unread-count-store";

/**
 * The bell (docs/product.md "Notifications"): a link to the inbox whose name says the unread
 * count ("Notifications, 3 unread"), live through the tab's stream. `row` is the sidebar's
 * labelled row, `icon` the narrow layout's top-bar button.
 */
export function NotificationBell({ href, initialCount, variant }: { href: string; initialCount: number; variant: "row" | "icon" }) {
  const live = useSyncExternalStore(subscribeToUnreadCount, unreadCountSnapshot, () => null);
  const count = live ?? initialCount;
  const pathname = usePathname();
  const label = `Notifications, ${count} unread`;
  // The name comes from the content ("Notifications, 3 unread"), so what is seen is what is
  // said (axe label-content-name-mismatch): the punctuation and "unread" are for screen readers.
  const badge =
    count > 0 ? (
      <span className="min-w-5 rounded-full bg-accent px-1.5 text-center text-xs font-semibold leading-5 text-accent-fg">
        {count > 99 ? <span aria-hidden="true">99+</span> : count}
        {count > 99 ? <span className="sr-only">{count}</span> : null}
      </span>
    ) : (
      <span className="sr-only">0</span>
    );
  const icon = (
    <svg aria-hidden="true" width={variant === "icon" ? 20 : 16} height={variant === "icon" ? 20 : 16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />
    </svg>
  );
  if (variant === "icon") {
    return (
      <Link href={href} title={label} className="relative inline-flex size-10 items-center justify-center gap-1 rounded-md hover:bg-surface">
        {icon}
        <span className="sr-only">Notifications, </span>
        <span className="absolute right-0 top-0.5">{badge}</span>
        <span className="sr-only"> unread</span>
      </Link>
    );
  }
  return (
    <Link
      href={href}
      aria-current={pathname === href ? "page" : undefined}
      className="flex min-h-9 items-center gap-2 rounded-md px-2 text-sm text-fg hover:bg-border/50 aria-[current=page]:bg-accent-soft aria-[current=page]:font-medium"
    >
      {icon}
      <span className="flex-1">
        Notifications<span className="sr-only">, </span>
      </span>
      {badge}
      <span className="sr-only"> unread</span>
    </Link>
  );
}
