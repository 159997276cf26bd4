import type { NotificationData, NotificationDto, NotificationKind } from "@/shared/notifications";
import { documentSegment, displayTitle } from "@/shared/document-slug";
import type { Role } from "@/shared/roles";
import { roleWithArticle } from "@/shared/roles";
import { commentFragment } from "@/shared/comments/comment-link";

/** What wording and linking a notification needs (a listNotifications row, or the email worker's). */
export interface NotificationRowForPresenter {
  id: string;
  kind: NotificationKind;
  documentId: string | null;
  commentId: string | null;
  data: NotificationData;
  readAt: Date | null;
  createdAt: Date;
  actorName: string | null;
  workspaceSlug: string;
  workspaceName: string;
  documentTitle: string | null;
}

/** The inbox's (and the email's) sentence for a notification. Names are the current ones, titles too. */
export function notificationText(row: NotificationRowForPresenter): string {
  const who = row.actorName ?? "Someone";
  const title = displayTitle(row.documentTitle ?? row.data.documentTitle ?? "");
  switch (row.kind) {
    case "mention":
      return row.commentId ? `${who} mentioned you in a comment on ${title}` : `${who} mentioned you in ${title}`;
    case "reply":
      return `${who} replied in a thread on ${title}`;
    case "thread":
      return `${who} started a thread on ${title}`;
    case "invitation":
      return `${who} invited you to join ${row.data.workspaceName ?? row.workspaceName}${row.data.role ? ` as ${roleWithArticle(row.data.role)}` : ""}`;
    case "role":
      return `${who} made you ${roleWithArticle(row.data.role ?? ("viewer" satisfies Role))} of ${row.workspaceName}`;
  }
}

/**
 * Where a notification leads: its document (at the comment, for one about a comment), the
 * invitation, or the workspace; a path on this site.
 */
export function notificationHref(row: NotificationRowForPresenter): string | null {
  if (row.documentId) {
    const page = `/w/${row.workspaceSlug}/d/${documentSegment({ id: row.documentId, title: row.documentTitle ?? "" })}`;
    return row.commentId ? `${page}${commentFragment(row.commentId)}` : page;
  }
  if (row.kind === "invitation") return row.data.invitePath ?? null;
  if (row.kind === "role") return `/w/${row.workspaceSlug}`;
  return null;
}

export function presentNotification(row: NotificationRowForPresenter): NotificationDto {
  return { id: row.id, kind: row.kind, text: notificationText(row), href: notificationHref(row), createdAt: row.createdAt.toISOString(), read: row.readAt !== null };
}
