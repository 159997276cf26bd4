/** What the policy needs about a notification: whose it is. */
export interface NotificationAccess {
  userId: string;
}

/** What someone may do with one notification (docs/product.md "Notifications"). */
export interface NotificationAbilities {
  /** See it in the inbox and count it in the bell (its document must also be readable: documentAbilities). */
  read: boolean;
  markRead: boolean;
}

/** A notification is its recipient's alone. Never throws. */
export function notificationAbilities(actorId: string, notification: NotificationAccess): NotificationAbilities {
  const isOwn = notification.userId === actorId;
  return { read: isOwn, markRead: isOwn };
}
