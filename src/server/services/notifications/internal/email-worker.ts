import { and, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/server/db/client";
import { PollingLoop } from "@/server/workers/polling-loop";
import { documents, memberships, notificationEmailOptOuts, notifications, users, workspaces } from "@/server/db/schema";
import type { Mailer } from "@/server/mail/mailer";
import { EMAIL_DELAY_MS } from "@/shared/notifications";
import { isVisible } from "@/server/services/notifications/list-notifications";
import { claimDueEmails } from "./claim-due-emails";
import { notificationEmail } from "./notification-email";
import { NOTIFICATION_COLUMNS, notificationActor } from "./notification-columns";

export interface EmailWorkerOptions {
  mailer: Mailer;
  /** The origin of the emails' links: PUBLIC_URL's (mailLinkOrigin), never a request's. */
  origin: string;
  pollMs?: number;
  /** People per look. */
  batchSize?: number;
  now?: () => Date;
  /** The unsubscribe links' signing secret (tests pass one; the server uses the auth secret). */
  secret?: string;
}

/**
 * Emails what was not read in the app within EMAIL_DELAY_MS (docs/product.md "Notifications"):
 * one message per person per look, holding everything of theirs still unread and unemailed.
 * Like the webhook DeliveryWorker, nothing waits in memory: the rows are the queue, so a restart
 * loses nothing still pending, and claimDueEmails lets one instance at a time take them.
 */
export class NotificationEmailWorker {
  private readonly loop: PollingLoop;

  constructor(
    private readonly getDb: () => Promise<Db>,
    private readonly options: EmailWorkerOptions,
  ) {
    this.loop = new PollingLoop(
      "[notifications] email look",
      async () => {
        await this.runOnce();
        return { hasMore: false };
      },
      options.pollMs ?? 30_000,
    );
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One look: claims due batches and sends them. Returns how many emails went out. */
  async runOnce(): Promise<number> {
    const db = await this.getDb();
    const now = this.options.now?.() ?? new Date();
    const claimed = await claimDueEmails(db, new Date(now.getTime() - EMAIL_DELAY_MS), now, this.options.batchSize ?? 50);
    if (claimed.size === 0) return 0;
    const rows = await loadClaimed(db, [...claimed.values()].flat());
    let sent = 0;
    for (const [userId, ids] of claimed) {
      const mine = rows.filter((row) => row.userId === userId && ids.includes(row.id));
      const recipient = mine[0];
      if (!recipient) continue; // everything was passed over: opted out, or no longer visible
      try {
        await this.options.mailer.send(notificationEmail({ email: recipient.recipientEmail, userId }, mine, this.options.origin, this.options.secret));
        sent += 1;
      } catch (error) {
        // At most once (claimDueEmails): the notifications stay in the inbox, unread.
        console.error(`[notifications] email to user ${userId} failed:`, error instanceof Error ? error.message : error);
      }
    }
    return sent;
  }
}

/** The claimed notifications worth emailing, oldest first: visible to their person, of a kind they get by email. */
async function loadClaimed(db: Db, ids: string[]) {
  const recipient = alias(users, "recipient");
  const rows = await db
    .select({
      ...NOTIFICATION_COLUMNS,
      recipientEmail: recipient.email,
      recipientTwoFactorEnabled: recipient.twoFactorEnabled,
      recipientHasPassword: recipient.hasPassword,
      optedOut: notificationEmailOptOuts.id,
    })
    .from(notifications)
    .innerJoin(recipient, eq(recipient.id, notifications.userId))
    .innerJoin(workspaces, eq(workspaces.id, notifications.workspaceId))
    .leftJoin(notificationActor, eq(notificationActor.id, notifications.actorId))
    .leftJoin(documents, eq(documents.id, notifications.documentId))
    .leftJoin(memberships, and(eq(memberships.workspaceId, notifications.workspaceId), eq(memberships.userId, notifications.userId)))
    .leftJoin(notificationEmailOptOuts, and(eq(notificationEmailOptOuts.userId, notifications.userId), eq(notificationEmailOptOuts.kind, notifications.kind)))
    .where(inArray(notifications.id, ids))
    .orderBy(notifications.createdAt);
  return rows.filter((row) => row.optedOut === null && isVisible({ id: row.userId, twoFactorEnabled: row.recipientTwoFactorEnabled, passwordless: !row.recipientHasPassword }, row));
}
