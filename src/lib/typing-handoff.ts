/**
 * Keys typed while a document is on its way: after "New document" (the title is coming) or
 * after picking one in the palette or the sidebar (its body is coming). Until the page shows,
 * focus is on the button or link that was used, or nowhere, and the keys would go nowhere; so
 * they are held here and handed to the document when it opens (see arriveAtDocument).
 */

/** Where held keys go when the document opens. */
export type HeldFor = "title" | "body";

/** The keys held for one document, as text: what was typed for the title and, after an Enter there or when opening, for the body. */
export interface HeldTyping {
  title: string;
  body: string;
  /** Which of the two was being typed into last. */
  into: HeldFor;
}

/** The hold's end of the request that opens the document. */
export interface TypingHold {
  /** Names the document the keys are for, once a new one has its id. */
  forDocument(documentId: string): void;
  /** Stops holding and drops what was held: the document will not open (creating it failed). */
  release(): void;
}

/**
 * Keys are taken for at most this long: a navigation that never arrives must not swallow typing
 * for good. What was taken by then stays for the document, however late it opens: a route's
 * first load on a slow server has taken more than 10 s, and the keys typed meanwhile were lost.
 */
const HOLD_MS = 30_000;

interface Hold extends HeldTyping {
  documentId: string | null;
  /** Takes no more keys; what is held stays for the document. */
  stopTaking(): void;
  /** Takes no more keys and drops what is held. */
  stop(): void;
}

let current: Hold | null = null;
let openDocumentId: string | null = null;

/**
 * Holds the keys typed from now until the document opens: printable keys, Backspace, and
 * Enter (a new line in the body; in a new document's title it moves on to the body). Keys typed
 * into a text field the person moved to stay there. Opening the document already open holds nothing.
 */
export function holdTyping(into: HeldFor, documentId: string | null = null): TypingHold {
  current?.stop();
  if (documentId !== null && documentId === openDocumentId) return { forDocument: () => undefined, release: () => undefined };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTextField(event.target)) return;
    if (!hold.take(event.key)) return;
    // Also keeps Space and Enter from pressing the focused button or link a second time.
    event.preventDefault();
    event.stopPropagation();
  };
  const timer = setTimeout(() => hold.stopTaking(), HOLD_MS);
  const hold: Hold & { take(key: string): boolean } = {
    documentId,
    into,
    title: "",
    body: "",
    take(key) {
      const field = hold.into;
      if (key === "Enter") {
        if (field === "title") hold.into = "body";
        else hold.body += "\n";
      } else if (key === "Backspace") {
        hold[field] = Array.from(hold[field]).slice(0, -1).join("");
      } else if (Array.from(key).length === 1) {
        hold[field] += key; // a printable key's `key` is the character it types
      } else {
        return false;
      }
      return true;
    },
    stopTaking() {
      clearTimeout(timer);
      window.removeEventListener("keydown", onKeyDown, { capture: true });
    },
    stop() {
      hold.stopTaking();
      if (current === hold) current = null;
    },
  };
  // Capture phase on the window: before the focused element or any shortcut sees the key.
  window.addEventListener("keydown", onKeyDown, { capture: true });
  current = hold;
  return {
    forDocument: (id) => void (hold.documentId = id),
    release: () => hold.stop(),
  };
}

/** Drops whatever is held: a page other than the document showed instead (an error page). */
export function dropHeldTyping(): void {
  current?.stop();
}

/** What a document does as it opens: text typed for it before it showed, and where focus goes. */
export interface Arrival {
  title: string;
  body: string;
  /** The field that takes focus, or null when the person is typing in another one. */
  focus: HeldFor | null;
}

/**
 * Called once by a document as it opens: takes the keys held for it and says where focus
 * goes — the title of a new document, else the body. A read-only document takes nothing
 * (null), and neither does one opened while the person types in another field without a
 * hold. Returns the arrival and the call to make when the document closes.
 */
export function arriveAtDocument(documentId: string, canEdit: boolean): { arrival: Arrival | null; leave(): void } {
  openDocumentId = documentId;
  const leave = () => void (openDocumentId === documentId && (openDocumentId = null));
  const held = current?.documentId === documentId ? current : null;
  held?.stop();
  if (!canEdit) return { arrival: null, leave };
  const isTypingElsewhere = isTextField(document.activeElement);
  if (!held) return { arrival: isTypingElsewhere ? null : { title: "", body: "", focus: "body" }, leave };
  return { arrival: { title: held.title, body: held.body, focus: isTypingElsewhere ? null : held.into }, leave };
}

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["button", "checkbox", "radio", "submit", "reset", "range", "color", "file", "image"].includes(target.type);
}
