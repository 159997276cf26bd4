import IORedis from "ioredis";
import { deliverNotificationNudge, setNotificationPublisher } from "./notification-hub";

/** The Redis channel instances pass bell nudges on (its messages are user ids). */
export const NOTIFICATIONS_CHANNEL = "quire:notifications-changed";

/**
 * With REDIS_URL, makes every nudge go through a Redis channel that each instance (this one
 * too) subscribes to and delivers to its own open streams: the request that made a notification
 * may reach one instance while the person's bell is connected to another. The same approach as
 * comments' nudges (collab/editor-broadcast.ts). Returns what to run on shutdown.
 */
export function startNotificationRelay(redisUrl: string): () => Promise<void> {
  const pub = new IORedis(redisUrl, { maxRetriesPerRequest: null });
  const sub = new IORedis(redisUrl, { maxRetriesPerRequest: null });
  void sub.subscribe(NOTIFICATIONS_CHANNEL).catch((error: unknown) => console.error("[notifications] could not subscribe to Redis", error));
  sub.on("message", (channel: string, userId: string) => {
    if (channel === NOTIFICATIONS_CHANNEL) deliverNotificationNudge(userId);
  });
  setNotificationPublisher((userId) => {
    pub.publish(NOTIFICATIONS_CHANNEL, userId).catch((error: unknown) => {
      // This instance's bells still hear it; the others count again on their next nudge or load.
      console.error(`[notifications] could not publish to Redis for user ${userId}`, error);
      deliverNotificationNudge(userId);
    });
  });
  return async () => {
    setNotificationPublisher(null);
    pub.disconnect(false);
    sub.disconnect(false);
  };
}
