import { HocuspocusProvider, HocuspocusProviderWebsocket, WebSocketStatus } from "@hocuspocus/provider";
import { IndexeddbPersistence } from "y-indexeddb";
import * as Y from "yjs";
import { DEVICE_COPY_PREFIX } from "./offline-pages";
import { guardAgainstUnload, unloadEntryName } from "./unload-guard";
import type { UnsavedChanges } from "./unsaved-changes";
import { watchUnsavedChanges } from "./unsaved-changes";
import { markUnsent, watchUnsentChanges } from "./unsent-changes";
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
  /**
   * A read-only editor's word on this device's copy, once compared with the server: the changes
   * it holds that the server lacks (kept on the device), or null (none, and no copy is kept). An
   * editable editor's copy is bound to the document and syncs itself: always null.
   */
  unsaved: Promise<UnsavedChanges | null>;
  /** Forgets this device's copy (access lost: it must not stay on the device; a change refused: it would offer it again). */
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
  options: {
    keepDeviceCopy: boolean;
    /** The state of the editor this one replaces on the page (its access changed), with changes it may not have sent. */
    carried?: Uint8Array | null;
  },
): Promise<DocumentConnection> {
  const doc = new Y.Doc();
  const name = deviceCopyName(userId, documentId);
  const carried = options.carried ?? null;
  // Without IndexedDB (some private modes) the editor still works, online only.
  const hasIndexedDb = typeof indexedDB !== "undefined";
  // Carried changes go into the editable document (and so its device copy), which sends them.
  if (options.keepDeviceCopy && carried) Y.applyUpdate(doc, carried);
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
  // An editable copy says while it holds what the server hasn't confirmed: sign-out must not delete it unsaved.
  const stopWatchingUnsent = options.keepDeviceCopy ? watchUnsentChanges(name, provider) : null;

  // "online" can come before the socket dropped at "offline" has closed (a blip of a network):
  // connect() does nothing while the socket still counts as connected, and its close would then
  // leave it disconnected for good. So a connect asked for meanwhile is made once it has closed.
  let connectWhenClosed = false;
  const onOnline = () => {
    if (socket.status === WebSocketStatus.Connected) connectWhenClosed = true;
    else void socket.connect();
  };
  const onOffline = () => {
    connectWhenClosed = false;
    socket.disconnect();
  };
  socket.on("disconnect", () => {
    if (!connectWhenClosed) return;
    connectWhenClosed = false;
    void socket.connect();
  });
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
  // A read-only editor keeps no copy, but never drops one holding changes the server lacks: made
  // when the person could edit and not sent since, the server would refuse them now, and they
  // are the only copy of what the person typed (docs/product.md "States").
  const unsavedWatch = options.keepDeviceCopy ? null : watchUnsavedChanges(name, doc, serverSynced, carried);

  let isDestroyed = false;
  return {
    doc,
    provider,
    whenLoaded,
    unsaved: unsavedWatch?.found ?? Promise.resolve(null),
    forgetDeviceCopy: async () => {
      stopWatchingUnsent?.();
      // Nor keep the last changes at unload: the next page would apply them again.
      unloadGuard?.stop();
      localStorage.removeItem(unloadEntryName(name));
      await deviceCopy?.clearData();
      await unsavedWatch?.discard();
      markUnsent(name, false);
    },
    destroy() {
      if (isDestroyed) return;
      isDestroyed = true;
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
      unloadGuard?.stop();
      stopWatchingUnsent?.();
      unsavedWatch?.close();
      provider.destroy();
      socket.destroy();
      void deviceCopy?.destroy();
      doc.destroy();
    },
  };
}
