import type { HocuspocusProvider } from "@hocuspocus/provider";
import { useEffect, useState } from "react";

/** What the header shows about the connection and saving (docs/product.md "States"). */
export type CollabStatus = "connecting" | "saved" | "saving" | "offline" | "reconnecting" | "denied";

export const COLLAB_STATUS_LABEL: Record<CollabStatus, string> = {
  connecting: "Connecting…",
  saved: "Saved",
  saving: "Saving…",
  offline: "Offline — your changes are kept on this device",
  reconnecting: "Reconnecting…",
  denied: "No access",
};

/**
 * Calls `onChange` with the provider's state now and whenever it may have changed (every
 * keystroke flips "saving" and "saved"). Plain, not a hook: a React state update per keystroke
 * commits the page, and React's commit reads and restores the selection by walking the focused
 * contenteditable — the whole body (docs/benchmarks.md "Where a keystroke's time goes").
 * @returns stop watching
 */
export function watchCollabStatus(provider: HocuspocusProvider, onChange: (status: CollabStatus) => void): () => void {
  // The socket may have connected before this subscribed.
  let isConnected = provider.configuration.websocketProvider.status === "connected";
  let hasConnectedOnce = isConnected;
  let isStopped = false;
  const update = () => {
    if (isStopped) return;
    // The browser knows before the socket does: a dropped network can take seconds to close it.
    if (!navigator.onLine) return onChange("offline");
    if (!isConnected) return onChange(hasConnectedOnce ? "reconnecting" : "connecting");
    if (!provider.isSynced) return onChange("connecting");
    onChange(provider.hasUnsyncedChanges ? "saving" : "saved");
  };
  const onStatus = ({ status: next }: { status: string }) => {
    isConnected = next === "connected";
    if (isConnected) hasConnectedOnce = true;
    update();
  };
  const onDenied = () => onChange("denied");
  provider.on("status", onStatus);
  provider.on("synced", update);
  provider.on("unsyncedChanges", update);
  provider.on("authenticationFailed", onDenied);
  window.addEventListener("online", update);
  window.addEventListener("offline", update);
  queueMicrotask(update);
  return () => {
    isStopped = true;
    provider.off("status", onStatus);
    provider.off("synced", update);
    provider.off("unsyncedChanges", update);
    provider.off("authenticationFailed", onDenied);
    window.removeEventListener("online", update);
    window.removeEventListener("offline", update);
  };
}

/**
 * Whether the provider is in one of `statuses`, as React state: it changes only when that answer
 * does, so typing ("saving" ↔ "saved") renders nothing unless one of them is asked about.
 */
export function useCollabStatusIn(provider: HocuspocusProvider | null, statuses: readonly CollabStatus[]): boolean {
  const [isIn, setIsIn] = useState(false);
  const key = statuses.join(" ");
  useEffect(() => {
    if (!provider) return;
    const wanted = new Set(key.split(" "));
    return watchCollabStatus(provider, (status) => setIsIn(wanted.has(status)));
  }, [provider, key]);
  return isIn;
}
