import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documents } from "@/server/db/schema";
import { createNotifications, withoutUnreadBodyMention } from "./create-notifications";
import { announceNotifications } from "./notification-hub";

/**
 * Notifies the people a stored body newly mentions (compared with the body stored before it,
 * which the caller knows). Someone with an unread mention of this document gets no second
 * one: a mention typed, stored, removed and typed again is still one notification until read.
 * Announces after inserting (no transaction: the store has already committed).
 */
export async function notifyBodyMentions(db: Db, documentId: string, actorId: string, userIds: string[]): Promise<string[]> {
  const candidates = await withoutUnreadBodyMention(db, documentId, userIds.filter((id) => id !== actorId));
  if (candidates.length === 0) return [];
  const [doc] = await db.select({ workspaceId: documents.workspaceId, title: documents.title }).from(documents).where(eq(documents.id, documentId)).limit(1);
  if (!doc) return [];
  const notified = await createNotifications(
    db,
    { workspaceId: doc.workspaceId, actorId, documentId, data: { documentTitle: doc.title } },
    candidates.map((userId) => ({ userId, kind: "mention" })),
  );
  announceNotifications(notified);
  return notified;
}
