import type { Metadata } from "next";
import { requireMember } from "@/server/http/require-member";
import { presentNotification } from "@/server/presenters/present-notification";
import { listNotifications } from "@/server/services/notifications/list-notifications";
import { NotificationList } from "@/app/(app)/w/[workspace]/notifications/_components/notification-list";

export const metadata: Metadata = { title: "Notifications" };

/** The inbox (docs/product.md "Notifications"): the reader's own, from every workspace, newest first. */
export default async function NotificationsPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { ctx } = await requireMember((await params).workspace);
  const items = (await listNotifications(ctx)).map(presentNotification);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
      <header>
        <h1 className="text-2xl font-semibold">Notifications</h1>
        <p className="mt-1 text-sm text-muted">Mentions, replies, new threads on documents you follow, invitations and role changes, from all your workspaces.</p>
      </header>
      <NotificationList items={items} />
    </div>
  );
}
