"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { RowActionNotice } from "@/components/ui/row-action-notice";
import { LocalTime } from "@/components/time/local-time";
import { setUnreadCount } from "@/components/notifications/unread-count-store";
import { useRowActions } from "@/lib/use-row-actions";
import { markNotificationsReadAction } from "@/server/actions/notification-actions";
import { reachServer } from "@/lib/reach-server";
import type { NotificationDto } from "@/shared/notifications";

/**
 * The inbox's rows: unread ones marked, each a link, with Mark read and Mark all read. Focus
 * after "Mark read" goes to the next unread row's (else the previous one's, else the page's
 * heading); after "Mark all read" it stays on that button (useRowActions).
 */
export function NotificationList({ items }: { items: NotificationDto[] }) {
  const { isPending, notice, run } = useRowActions();
  const unread = items.filter((item) => !item.read);

  if (items.length === 0) return <EmptyList className="p-8">No notifications yet. Mentions, replies and invitations will show here.</EmptyList>;

  const markAll = () =>
    run(
      () => markNotificationsReadAction({ all: true }),
      () => {
        setUnreadCount(0);
        return "All notifications are marked read.";
      },
    );
  const markOne = (item: NotificationDto) => run(() => markNotificationsReadAction({ ids: [item.id] }), () => "Marked read.");

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">{unread.length === 0 ? "All read." : `${unread.length} unread`}</p>
        {/* With nothing left unread it stays focusable (aria-disabled, not disabled): focus stays on it after it ran. */}
        <Button
          variant="secondary"
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          onClick={unread.length === 0 ? undefined : markAll}
          disabled={isPending}
          aria-disabled={unread.length === 0 || undefined}
        >
          Mark all read
        </Button>
      </div>
      <RowActionNotice notice={notice} />
      <ul className="divide-y divide-border rounded-xl border border-border" aria-busy={isPending} aria-label="Notifications">
        {items.map((item) => (
          <li key={item.id} className={`flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-3 ${item.read ? "" : "bg-accent-soft/40"}`}>
            <div className="min-w-0 sm:flex-1">
              <p className={item.read ? "" : "font-medium"}>
                {item.read ? null : <span className="sr-only">Unread: </span>}
                {item.href ? (
                  <Link href={item.href} className="underline-offset-2 hover:underline" onClick={() => (item.read ? undefined : void reachServer(() => markNotificationsReadAction({ ids: [item.id] })))}>
                    {item.text}
                  </Link>
                ) : (
                  item.text
                )}
              </p>
              <p className="text-sm text-muted">
                <LocalTime value={item.createdAt} />
              </p>
            </div>
            {item.read ? null : (
              <Button variant="ghost" className="shrink-0 self-start sm:self-auto" onClick={() => markOne(item)} disabled={isPending}>
                Mark read<span className="sr-only">: {item.text}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
