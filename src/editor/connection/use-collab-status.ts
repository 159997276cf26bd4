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

/** Follows a provider's connection and unsynced changes. */
export function useCollabStatus(provider: HocuspocusProvider | null): CollabStatus {
  const [status, setStatus] = useState<CollabStatus>("connecting");
  useEffect(() => {
    if (!provider) return;
    // The socket may have connected before this effect subscribed.
    let isConnected = provider.configuration.websocketProvider.status === "connected";
    let hasConnectedOnce = isConnected;
    const update = () => {
      // The browser knows before the socket does: a dropped network can take seconds to close it.
      if (!navigator.onLine) return setStatus("offline");
      if (!isConnected) return setStatus(hasConnectedOnce ? "reconnecting" : "connecting");
      if (!provider.isSynced) return setStatus("connecting");
      setStatus(provider.hasUnsyncedChanges ? "saving" : "saved");
    };
    const onStatus = ({ status: next }: { status: string }) => {
      isConnected = next === "connected";
      if (isConnected) hasConnectedOnce = true;
      update();
    };
    const onDenied = () => setStatus("denied");
    provider.on("status", onStatus);
    provider.on("synced", update);
    provider.on("unsyncedChanges", update);
    provider.on("authenticationFailed", onDenied);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    queueMicrotask(update);
    return () => {
      provider.off("status", onStatus);
      provider.off("synced", update);
      provider.off("unsyncedChanges", update);
      provider.off("authenticationFailed", onDenied);
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, [provider]);
  return status;
}
