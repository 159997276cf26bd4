import { processSingleton } from "@/server/process-singleton";

type Listener = () => void;

interface Hub {
  /** Per person, the open streams of this process (bells in open tabs). */
  listeners: Map<string, Set<Listener>>;
  /** Set when REDIS_URL is: sends the nudge to every instance, this one included (notification-relay.ts). */
  publish: ((userId: string) => void) | null;
}

// A process singleton: server.ts provides the relay, Next's route bundles hold the streams.
const hub = () => processSingleton<Hub>("notification-hub", () => ({ listeners: new Map(), publish: null }));

/** Calls `listener` whenever `userId`'s notifications may have changed; returns what stops it. */
export function listenForNotifications(userId: string, listener: Listener): () => void {
  const { listeners } = hub();
  const set = listeners.get(userId) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(userId, set);
  return () => {
    set.delete(listener);
    if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
  };
}

/**
 * Tells the bells of these people, on every instance, to count again. Call after the change
 * committed: a bell that counts before it would miss it. The nudge carries no content, and
 * never throws: a lost one only delays a count until the next.
 */
export function announceNotifications(userIds: Iterable<string>): void {
  const { publish } = hub();
  for (const userId of new Set(userIds)) {
    try {
      if (publish) publish(userId);
      else deliverNotificationNudge(userId);
    } catch (error) {
      console.error(`[notifications] could not announce to user ${userId}`, error);
    }
  }
}

/** Runs this process's listeners for `userId` (the relay calls it for each nudge from Redis). */
export function deliverNotificationNudge(userId: string): void {
  for (const listener of hub().listeners.get(userId) ?? []) listener();
}

/** Routes nudges through `publish` (or back to local delivery with null). */
export function setNotificationPublisher(publish: ((userId: string) => void) | null): void {
  hub().publish = publish;
}
