import type { HocuspocusProvider } from "@hocuspocus/provider";
import { DEVICE_COPY_PREFIX } from "./offline-pages";

/**
 * Which device copies may hold changes the server hasn't confirmed, so that signing out never
 * deletes one in silence (docs/product.md "States", sign out). A copy is marked in localStorage
 * (`quire:<user>:<doc>:unsent`, holding the document page's address) while its editor has changes
 * the server hasn't acknowledged and either has no connection or is hidden (it may be closed next):
 * typing online never writes the mark, so a keystroke costs no storage write. The mark goes once a
 * sync has the server confirm everything. Early typing kept at unload (`…:early`,
 * editor/early-typing-keep.ts) counts as unsent too, and so does a title not yet saved (`…:title`,
 * lib/title-draft.ts).
 */

/** The localStorage entry marking the device copy `name` as holding unsent changes. */
export function unsentEntryName(deviceCopy: string): string {
  return `${deviceCopy}:unsent`;
}

/** The editable editors open on this page, by device copy: sign-out waits for what they still send. */
const liveEditors = new Map<string, HocuspocusProvider>();

/**
 * Keeps the unsent mark of the device copy `name` in step with `provider`, and lists the editor
 * among this page's live ones.
 * @returns stop watching (the mark stays as it is)
 */
export function watchUnsentChanges(name: string, provider: HocuspocusProvider): () => void {
  const key = unsentEntryName(name);
  let isMarked = readEntry(key) !== null;
  const update = (isLeaving = false) => {
    const isConnected = provider.configuration.websocketProvider.status === "connected";
    if (provider.hasUnsyncedChanges && !isMarked && (!isConnected || isLeaving)) {
      isMarked = true;
      // A copy marked by its document's page keeps that page's address (a sign-out opens others).
      if (readEntry(key) === null) writeEntry(key, window.location.pathname);
    } else if (isMarked && isConnected && provider.isSynced && !provider.hasUnsyncedChanges) {
      isMarked = false;
      removeEntry(key);
    }
  };
  const onChange = () => update(document.visibilityState === "hidden");
  const onHide = () => update(true);
  const onVisibility = () => document.visibilityState === "hidden" && update(true);
  provider.on("unsyncedChanges", onChange);
  provider.on("status", onChange);
  window.addEventListener("pagehide", onHide);
  document.addEventListener("visibilitychange", onVisibility);
  liveEditors.set(name, provider);
  return () => {
    provider.off("unsyncedChanges", onChange);
    provider.off("status", onChange);
    window.removeEventListener("pagehide", onHide);
    document.removeEventListener("visibilitychange", onVisibility);
    if (liveEditors.get(name) === provider) liveEditors.delete(name);
  };
}

/** Marks (or unmarks) the device copy `name` as holding changes the server lacks: a read-only editor's kept changes. */
export function markUnsent(name: string, isUnsent: boolean): void {
  const key = unsentEntryName(name);
  if (!isUnsent) return removeEntry(key);
  if (readEntry(key) === null) writeEntry(key, window.location.pathname);
}

/** A document this device may hold unsent changes of, for one person. */
export interface UnsentDocument {
  documentId: string;
  /** The device copy's name (`quire:<user>:<doc>`). */
  deviceCopy: string;
  /** The document's page where the changes were made, when known. */
  href: string | null;
  /** It holds typing from before its editor was live, which only that editor can replay. */
  hasEarlyTyping: boolean;
  /** Its body may hold changes the server lacks (else only its title does). */
  hasUnsentBody: boolean;
  /** A title typed for it on this device is not saved yet (lib/title-draft.ts). */
  hasTitleDraft: boolean;
  /** Its editor is open on this page. */
  provider: HocuspocusProvider | null;
}

/**
 * The documents whose changes on this device the server may lack, for `userId`: marked copies, early
 * typing kept at unload, unsaved titles, and editors open on this page that are still sending.
 */
export function unsentDocuments(userId: string): UnsentDocument[] {
  const prefix = `${DEVICE_COPY_PREFIX}${userId}:`;
  const found = new Map<string, UnsentDocument>();
  for (const key of storageKeys()) {
    const match = key.startsWith(prefix) ? /^([^:]+):(unsent|early|title)$/.exec(key.slice(prefix.length)) : null;
    if (!match?.[1]) continue;
    const deviceCopy = `${prefix}${match[1]}`;
    const seen = found.get(deviceCopy);
    const isEarly = match[2] === "early";
    const isTitle = match[2] === "title";
    found.set(deviceCopy, {
      documentId: match[1],
      deviceCopy,
      href: match[2] === "unsent" ? readEntry(key) : (seen?.href ?? null),
      hasEarlyTyping: isEarly || (seen?.hasEarlyTyping ?? false),
      hasUnsentBody: !isTitle || (seen?.hasUnsentBody ?? false),
      hasTitleDraft: isTitle || (seen?.hasTitleDraft ?? false),
      provider: liveEditors.get(deviceCopy) ?? null,
    });
  }
  for (const [deviceCopy, provider] of liveEditors) {
    const seen = found.get(deviceCopy);
    if (!deviceCopy.startsWith(prefix) || seen?.hasUnsentBody || !provider.hasUnsyncedChanges) continue;
    found.set(deviceCopy, { documentId: deviceCopy.slice(prefix.length), deviceCopy, href: null, hasEarlyTyping: false, hasTitleDraft: false, ...seen, hasUnsentBody: true, provider });
  }
  return [...found.values()];
}

/** Whether another person's copy `deviceCopy` holds changes kept for them (a sign-out leaves it). */
export function holdsUnsentChanges(deviceCopy: string): boolean {
  return readEntry(unsentEntryName(deviceCopy)) !== null || readEntry(`${deviceCopy}:early`) !== null || readEntry(`${deviceCopy}:title`) !== null;
}

function storageKeys(): string[] {
  try {
    return Object.keys(localStorage);
  } catch {
    return []; // blocked storage holds nothing
  }
}

function readEntry(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeEntry(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Full or blocked: the device copy itself is still kept; sign-out then asks the open editors only.
  }
}

function removeEntry(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing.
  }
}
