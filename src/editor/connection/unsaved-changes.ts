import Delta from "quill-delta";
import { IndexeddbPersistence } from "y-indexeddb";
import * as Y from "yjs";
import { deleteDatabase } from "./offline-pages";
import { applyUnloadEntry, unloadEntryName } from "./unload-guard";
import { markUnsent } from "./unsent-changes";
import { BODY_YTEXT } from "@/shared/editor-rules";

/**
 * Changes this device holds that the server doesn't: made while the person could edit, and not
 * sent before they no longer could (typed offline, then their role was lowered). They stay on the
 * device until they can be saved (the person can edit again: the editable page loads the device
 * copy and syncs it) or the person discards them (docs/product.md "States").
 */
export interface UnsavedChanges {
  /** The passages of text this device added, in document order (an embed is left out). */
  passages: string[];
  /** The whole body as this device has it: the server's text with this device's changes, as plain text. */
  text: string;
  /** Forgets them: deletes this device's copy of the document. */
  discard(): Promise<void>;
}

/** A device copy that hasn't loaded by then (a blocked or broken IndexedDB) is not waited for. */
const DEVICE_COPY_TIMEOUT_MS = 3_000;

/**
 * For an editor that can't write (its connection is read-only): opens this device's copy of the
 * document beside the live one, never bound to the socket (the server would drop its changes),
 * and once `synced` says the live document holds the server's state, compares the two. A copy
 * with nothing the server lacks is deleted, as a read-only editor keeps none; one with changes is
 * kept, and they are returned. `carried` is the state of the editor this one replaces on the same
 * page (an editable one, whose unsent changes may not have reached IndexedDB, or any device
 * storage in a private window).
 */
export function watchUnsavedChanges(name: string, live: Y.Doc, synced: Promise<unknown>, carried: Uint8Array | null) {
  const kept = new Y.Doc();
  let persistence: IndexeddbPersistence | null = null;
  let isClosed = false;
  const discard = async () => {
    const wasClosed = isClosed;
    isClosed = true;
    if (persistence) await persistence.clearData();
    else if (typeof indexedDB !== "undefined") await deleteDatabase(name);
    try {
      localStorage.removeItem(unloadEntryName(name));
    } catch {
      // No storage: nothing was kept there.
    }
    markUnsent(name, false);
    if (!wasClosed) kept.destroy();
  };
  const found = (async (): Promise<UnsavedChanges | null> => {
    if (carried) Y.applyUpdate(kept, carried);
    const hasUnloadEntry = safely(() => applyUnloadEntry(name, kept));
    if (typeof indexedDB !== "undefined" && (carried || hasUnloadEntry || (await deviceCopyExists(name)))) {
      // Opened with `carried` already in `kept`, so it is written to the copy too.
      persistence = new IndexeddbPersistence(name, kept);
      await Promise.race([persistence.whenSynced, new Promise((resolve) => setTimeout(resolve, DEVICE_COPY_TIMEOUT_MS))]);
    }
    if (isClosed) return null;
    if (Y.encodeStateVector(kept).length <= 1) {
      await discard(); // nothing on this device
      return null;
    }
    await synced;
    if (isClosed) return null;
    const changes = unsavedIn(kept, live);
    if (!changes) await discard();
    // Kept, and said to be: a sign-out asks before deleting them (changes carried from this page's editable editor were never marked).
    else markUnsent(name, true);
    return changes ? { ...changes, discard } : null;
  })().catch((error: unknown) => {
    // Unreadable: nothing to offer, and nothing is deleted.
    console.warn("Could not read this device's copy of the document:", error instanceof Error ? error.message : error);
    return null;
  });
  return {
    found,
    discard,
    /** Closes the copy and keeps it (the editor goes away). */
    close() {
      if (isClosed) return;
      isClosed = true;
      void persistence?.destroy();
      kept.destroy();
    },
  };
}

/** What `device` adds to `server`'s body, or null when merging it in would change nothing. */
export function unsavedIn(device: Y.Doc, server: Y.Doc): Omit<UnsavedChanges, "discard"> | null {
  const merged = new Y.Doc();
  try {
    Y.applyUpdate(merged, Y.encodeStateAsUpdate(server));
    Y.applyUpdate(merged, Y.encodeStateAsUpdate(device, Y.encodeStateVector(server)));
    // Changes that build on server state the server no longer has (a server restored from a
    // backup) can't merge in: they are counted as unsaved, with the device's own text.
    const isPending = merged.store.pendingStructs !== null || merged.store.pendingDs !== null;
    const ours = isPending ? device : merged;
    const before = new Delta(server.getText(BODY_YTEXT).toDelta());
    const after = new Delta(ours.getText(BODY_YTEXT).toDelta());
    const change = before.diff(after);
    if (change.ops.length === 0) return null;
    const passages: string[] = [];
    let current = "";
    for (const op of change.ops) {
      if (typeof op.insert === "string") current += op.insert;
      else if (op.insert === undefined && current) {
        passages.push(current);
        current = "";
      }
    }
    if (current) passages.push(current);
    return { passages: passages.map((passage) => passage.trim()).filter(Boolean), text: ours.getText(BODY_YTEXT).toString() };
  } finally {
    merged.destroy();
  }
}

/** Whether IndexedDB holds a database of this name (true when the browser can't list them: it is opened to find out). */
async function deviceCopyExists(name: string): Promise<boolean> {
  if (!("databases" in indexedDB)) return true;
  const databases = await indexedDB.databases().catch(() => null);
  return databases === null || databases.some((database) => database.name === name);
}

function safely(read: () => boolean): boolean {
  try {
    return read();
  } catch {
    return false; // localStorage blocked
  }
}
