import * as Y from "yjs";

/** Changes younger than this may not be in IndexedDB yet when the page goes away. */
const UNLOAD_WINDOW_MS = 3_000;

/** The localStorage entry holding a device copy's last changes at unload. */
export function unloadEntryName(deviceCopy: string): string {
  return `${deviceCopy}:unload`;
}

/**
 * IndexedDB writes are asynchronous, and the browser aborts the ones still running when a
 * tab is closed or reloaded: the last keystrokes before that would be lost. So the changes
 * of the last few seconds are also written, synchronously, to localStorage when the page
 * is hidden, and applied again on the next load (Yjs updates are idempotent: applying one
 * IndexedDB already has changes nothing).
 */
export function guardAgainstUnload(name: string, doc: Y.Doc) {
  const key = unloadEntryName(name);
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
      if (applyUnloadEntry(name, doc)) localStorage.removeItem(key);
    },
    stop() {
      doc.off("update", onUpdate);
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onVisibility);
    },
  };
}

/** Applies the changes a page kept at unload for the device copy `name` to `doc`; true when there was an entry. */
export function applyUnloadEntry(name: string, doc: Y.Doc): boolean {
  const saved = localStorage.getItem(unloadEntryName(name));
  if (!saved) return false;
  try {
    Y.applyUpdate(doc, fromBase64(saved));
  } catch {
    // A damaged entry: nothing to recover from it.
  }
  return true;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}
