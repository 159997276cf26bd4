import { processSingleton } from "@/server/process-singleton";

/**
 * Live unread-count streams (bells: one a tab with Quire open) one person may hold open on one
 * instance. Each runs its own count on every nudge, so thousands of them stalled the instance;
 * twenty tabs is more than anyone reads at once.
 */
export const NOTIFICATION_STREAMS_PER_PERSON = 20;

/** What the stream closed for a newer one is told (the `closed` event's error message). */
export const NOTIFICATION_STREAM_REPLACED_MESSAGE = `More than ${NOTIFICATION_STREAMS_PER_PERSON} tabs are open: this one's notification count is paused, and resumes when you come back to it.`;

interface OpenStream {
  close: () => void;
}

const openStreams = () => processSingleton("notification-streams", () => new Map<string, OpenStream[]>());

/**
 * Counts a new stream of `userId`'s. Past `limit`, their oldest is closed (its `close` runs):
 * the tab opened last is the one in use, and an old background tab's bell can wait until it is
 * looked at again. Returns what releases this stream's place.
 */
export function admitNotificationStream(userId: string, close: () => void, limit = NOTIFICATION_STREAMS_PER_PERSON): () => void {
  const streams = openStreams();
  const list = streams.get(userId) ?? [];
  streams.set(userId, list);
  const entry: OpenStream = { close };
  list.push(entry);
  while (list.length > limit) list.shift()?.close();
  return () => {
    const index = list.indexOf(entry);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0 && streams.get(userId) === list) streams.delete(userId);
  };
}

/** How many streams `userId` holds open on this instance. */
export function notificationStreamsOf(userId: string): number {
  return openStreams().get(userId)?.length ?? 0;
}
