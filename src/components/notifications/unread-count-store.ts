"use client";

import { STREAM_CLOSED_EVENT, UNREAD_EVENT } from "@/shared/notifications";

/**
 * The tab's unread count, kept live by one EventSource on /api/v1/notifications/stream however
 * many bells show it (the sidebar's, the narrow layout's top bar). Opened with the first bell,
 * closed with the last; EventSource reconnects on its own after a dropped connection. A stream
 * the server ends for a newer tab's (STREAM_CLOSED_EVENT: past the streams a person may hold)
 * is not reopened until this tab is looked at again.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let count: number | null = null;
let source: EventSource | null = null;

function open(): void {
  source = new EventSource("/api/v1/notifications/stream");
  source.addEventListener(UNREAD_EVENT, (event) => {
    const { unread } = JSON.parse((event as MessageEvent<string>).data) as { unread: number };
    count = unread;
    for (const listener of listeners) listener();
  });
  source.addEventListener(STREAM_CLOSED_EVENT, () => {
    source?.close();
    source = null;
    resumeWhenSeen();
  });
}

/** Opens the stream again when the tab is next shown or focused (and a bell still wants it). */
function resumeWhenSeen(): void {
  const resume = () => {
    if (document.visibilityState !== "visible") return;
    document.removeEventListener("visibilitychange", resume);
    window.removeEventListener("focus", resume);
    if (!source && listeners.size > 0) open();
  };
  document.addEventListener("visibilitychange", resume);
  window.addEventListener("focus", resume);
}

export function subscribeToUnreadCount(listener: Listener): () => void {
  listeners.add(listener);
  if (!source) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
    }
  };
}

/** The live count, or null before the stream's first event (the server's count shows until then). */
export function unreadCountSnapshot(): number | null {
  return count;
}

/** Sets the count the inbox just caused (mark read), before the stream confirms it. */
export function setUnreadCount(value: number): void {
  count = value;
  for (const listener of listeners) listener();
}
