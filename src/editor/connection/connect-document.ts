import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import { IndexeddbPersistence } from "y-indexeddb";
import * as Y from "yjs";
import { DEVICE_COPY_PREFIX, deleteDatabase } from "./offline-pages";
import { collabDocumentName } from "@/shared/protocol/document-name";

/** A document's live copy in the browser: the Y.Doc, its copy on this device, and the socket. */
export interface DocumentConnection {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /**
   * Resolves when the body can be shown editable: loaded from this device's copy when there
   * is one, else synced with the server.
   */
  whenLoaded: Promise<"server" | "device">;
  /** Forgets this device's copy (access lost: it must not stay on the device). */
  forgetDeviceCopy(): Promise<void>;
  destroy(): void;
}

/** A device copy that hasn't loaded by then (a blocked or broken IndexedDB) is not waited for. */
const DEVICE_COPY_TIMEOUT_MS = 3_000;

/** The IndexedDB database holding one person's copy of one document. */
export function deviceCopyName(userId: string, documentId: string): string {
  return `${DEVICE_COPY_PREFIX}${userId}:${documentId}`;
}

/**
 * Opens a document for editing: the Yjs state is kept in IndexedDB (y-indexeddb) as well as
 * sent to /collab, so edits made offline survive a reload or a closed tab and merge when the
 * socket is back. The socket follows the browser's online/offline events: it drops at once
 * when the network goes (instead of waiting for a timeout) and retries at once when it
 * returns; between, the provider retries with jittered exponential backoff (1 s doubling to 30 s).
 */
export async function connectDocument(
  documentId: string,
  userId: string,
  options: { keepDeviceCopy: boolean },
): Promise<DocumentConnection> {
  const doc = new Y.Doc();
  const name = deviceCopyName(userId, documentId);
  // Without IndexedDB (some private modes) the editor still works, online only.
  const hasIndexedDb = typeof indexedDB !== "undefined";
  // A read-only editor keeps no copy, and drops one it had: changes in it were made when the
  // person could edit and, not yet sent, would be refused by the server now.
  if (hasIndexedDb && !options.keepDeviceCopy) await deleteDatabase(name);
  const deviceCopy = hasIndexedDb && options.keepDeviceCopy ? new IndexeddbPersistence(name, doc) : null;
  const unloadGuard = deviceCopy ? guardAgainstUnload(name, doc) : null;
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const socket = new HocuspocusProviderWebsocket({
    url: `${scheme}://${window.location.host}/collab`,
    autoConnect: navigator.onLine,
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: collabDocumentName(documentId),
    document: doc,
    token: "session", // the session cookie authenticates; Hocuspocus needs a token to send its auth message
  });
  provider.attach();

  const onOnline = () => void socket.connect();
  const onOffline = () => socket.disconnect();
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);

  const serverSynced = new Promise<"server">((resolve) => {
    if (provider.isSynced) resolve("server");
    else provider.on("synced", () => resolve("server"));
  });
  // Local first: a copy on this device is shown at once and the server's sync merges into it
  // (usually a small difference). Without one, the editor waits for the server, whose first
  // sync then loads the body in one pass (see document-editor.tsx).
  const deviceLoaded = deviceCopy
    ? Promise.race([deviceCopy.whenSynced, new Promise((resolve) => setTimeout(resolve, DEVICE_COPY_TIMEOUT_MS))])
    : Promise.resolve();
  const whenLoaded = deviceLoaded.then(() => {
    unloadGuard?.restore();
    return Y.encodeStateVector(doc).length > 1 ? ("device" as const) : serverSynced;
  });

  let isDestroyed = false;
  return {
    doc,
    provider,
    whenLoaded,
    forgetDeviceCopy: async () => deviceCopy?.clearData(),
    destroy() {
      if (isDestroyed) return;
      isDestroyed = true;
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
      unloadGuard?.stop();
      provider.destroy();
      socket.destroy();
      void deviceCopy?.destroy();
      doc.destroy();
    },
  };
}

/** Changes younger than this may not be in IndexedDB yet when the page goes away. */
const UNLOAD_WINDOW_MS = 3_000;

/**
 * IndexedDB writes are asynchronous, and the browser aborts the ones still running when a
 * tab is closed or reloaded: the last keystrokes before that would be lost. So the changes
 * of the last few seconds are also written, synchronously, to localStorage when the page
 * is hidden, and applied again on the next load (Yjs updates are idempotent: applying one
 * IndexedDB already has changes nothing).
 */
function guardAgainstUnload(name: string, doc: Y.Doc) {
  const key = `${name}:unload`;
  let recent: Array<{ at: number; update: Uint8Array }> = [];
  const onUpdate = (update: Uint8Array) => {
    const now = Date.now();
    recent = recent.filter((entry) => now - entry.at < UNLOAD_WINDOW_MS);
    recent.push({ at: now, update });
  };
  const onHide = () => {
    if (recent.length === 0) return;
    try {
      localStorage.setItem(key, toBase64(Y.mergeUpdates(recent.map((entry) => entry.update))));
    } catch {
      // Storage full or blocked: IndexedDB usually has them anyway.
    }
  };
  doc.on("update", onUpdate);
  window.addEventListener("pagehide", onHide);
  const onVisibility = () => document.visibilityState === "hidden" && onHide();
  document.addEventListener("visibilitychange", onVisibility);
  return {
    /** Applies what the last page kept at unload; call once the device copy has loaded. */
    restore() {
      const saved = localStorage.getItem(key);
      if (!saved) return;
      try {
        Y.applyUpdate(doc, fromBase64(saved));
      } catch {
        // A damaged entry: nothing to recover from it.
      }
      localStorage.removeItem(key);
    },
    stop() {
      doc.off("update", onUpdate);
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onVisibility);
    },
  };
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}
