import type { ServiceContext } from "@/server/context";
import { countUnreadNotifications } from "./count-unread-notifications";
import { listenForNotifications } from "./internal/notification-hub";

/** Nudges within this long of each other are counted once (a comment can notify in bursts). */
const COALESCE_MS = 100;

/**
 * Calls `onCount` with the actor's unread count whenever it may have changed (their own
 * notifications only: the hub is keyed by the actor's id). Returns what stops watching.
 */
export function watchUnreadCount(ctx: ServiceContext, onCount: (unread: number) => void): () => void {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const unlisten = listenForNotifications(ctx.actor.id, () => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = null;
      countUnreadNotifications(ctx).then(
        (unread) => !stopped && onCount(unread),
        (error: unknown) => console.error(`[notifications] counting for user ${ctx.actor.id} failed:`, error instanceof Error ? error.message : error),
      );
    }, COALESCE_MS);
  });
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    unlisten();
  };
}
