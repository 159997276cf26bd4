import type { Role } from "./roles";

/**
 * What a notification is about (docs/product.md "Notifications"). Text in the database, so a new
 * kind needs no migration. Each kind can be turned off for email on its own.
 */
export const NOTIFICATION_KINDS = ["mention", "reply", "thread", "invitation", "role"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How account settings and emails name each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  mention: "Mentions of you",
  reply: "Replies in threads you take part in",
  thread: "New threads on documents you follow",
  invitation: "Invitations to other workspaces",
  role: "Changes to your role",
};

/** A person has this long to read a notification in the app before it is emailed. */
export const EMAIL_DELAY_MS = 10 * 60 * 1000;

/** The most notifications the inbox lists at once (newest first). */
export const INBOX_PAGE_SIZE = 100;

/** Extra facts a notification keeps, copied when it is made so it still reads once they change. */
export interface NotificationData {
  workspaceName?: string;
  documentTitle?: string;
  role?: Role;
  /** invitation: the path of the link (`/invite/<token>`), usable only by the invited address. */
  invitePath?: string;
}

/** One notification as the inbox shows it. */
export interface NotificationDto {
  id: string;
  kind: NotificationKind;
  /** One sentence: "Ada mentioned you in Plan". */
  text: string;
  /** Where it leads (a document, its comment, an invitation), or null. */
  href: string | null;
  createdAt: string;
  read: boolean;
}

/** The SSE event name that carries the unread count. */
export const UNREAD_EVENT = "unread";

/**
 * The SSE event that ends a stream for good, with `{"error": {"code", "message"}}`: the person
 * opened more tabs than streams allowed (the oldest makes way). The tab stops its EventSource,
 * which would otherwise reconnect, and opens it again when it is looked at.
 */
export const STREAM_CLOSED_EVENT = "closed";
