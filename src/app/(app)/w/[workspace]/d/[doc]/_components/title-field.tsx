"use client";

import type { HocuspocusProvider } from "@hocuspocus/provider";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { renameDocumentAction } from "@/server/actions/document-actions";
import { DOCUMENT_RENAMED_MESSAGE } from "@/shared/protocol/close-codes";
import { reachServer } from "@/lib/reach-server";
import { TITLE_LIVE_ATTRIBUTE, forgetTitleDraft, keepTitleDraft, readTitleDraft, sendTitleOnLeave } from "@/lib/title-draft";
import { MAX_TITLE_CHARS } from "@/shared/editor-rules";
import { announceRename } from "@/lib/document-events";
import type { Arrival } from "@/lib/typing-handoff";
import { displayTitle } from "@/shared/document-slug";
import { pageTitle } from "@/shared/page-title";

const SAVE_AFTER_MS = 600;

/** A title is one line: line breaks (a pasted paragraph, a dropped text) become spaces. */
function oneLine(text: string): string {
  return text.replace(/[^\S\r\n]*[\r\n]+[^\S\r\n]*/g, " ");
}

/** The field grows to show the whole title; where CSS can't size it (`field-sizing`), this does. */
function fitHeight(field: HTMLTextAreaElement | null) {
  if (!field || CSS.supports("field-sizing", "content")) return;
  field.style.height = "auto";
  field.style.height = `${field.scrollHeight}px`;
}

export const TITLE_KEPT_OFFLINE_TEXT = "The title isn't saved yet: Quire can't be reached. It is kept on this device and saved when the connection is back.";

/**
 * The document's title above the editor: saved as you type; the sidebar and the window's title
 * follow it at once, the address's slug on the next visit. A new document arrives with its title
 * focused, and with what was typed while it was being created. The page's heading is the title too,
 * for screen readers' heading navigation (a text field is no heading). It wraps onto as many lines
 * as the title needs, but is one line of text: Enter moves on to the body, and a pasted line
 * break becomes a space.
 *
 * Nothing typed here is lost: until the server has a title it stays on the device
 * (lib/title-draft.ts), is sent as the page goes away, and is saved again when the connection
 * comes back or on the next load (unless someone renamed the document meanwhile, which the field
 * then says). A rename made elsewhere reaches the field through the document's connection
 * (`provider`), unless a title typed here is still on its way.
 */
export function TitleField({
  documentId,
  title,
  isReadOnly,
  arrival,
  provider,
}: {
  documentId: string;
  title: string;
  isReadOnly: boolean;
  arrival: Arrival | null;
  provider: HocuspocusProvider | null;
}) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const saved = useRef(title);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The typed title the server doesn't have yet: the timer, leaving the page or a reconnection saves it. */
  const pending = useRef<string | null>(null);
  /** False once the page has gone: a save finishing after that must not rename the next page's window. */
  const isShown = useRef(true);

  const save = async (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() === saved.current.trim()) {
      pending.current = null;
      forgetTitleDraft(documentId);
      return setNotice(null);
    }
    pending.current = next;
    const result = await reachServer(() => renameDocumentAction({ documentId, title: next }));
    // No answer: the title stays pending and on the device, and goes again when the connection is back.
    if (!result.ok && result.code === "unavailable") return setNotice(TITLE_KEPT_OFFLINE_TEXT);
    if (pending.current === next) pending.current = null; // else a newer title is on its way
    setNotice(null);
    if (!result.ok) {
      // Signed out: the draft stays for the next load once signed in again; a refused title is not kept.
      if (result.code !== "unauthenticated") forgetTitleDraft(documentId);
      return setError(result.fields?.title ?? result.message);
    }
    setError(null);
    saved.current = result.data.title;
    if (pending.current === null) forgetTitleDraft(documentId);
    // The tree shows the new title at once. The address bar keeps the slug the page was loaded
    // with (links to it still work: an old slug redirects): Next's router follows
    // history.replaceState, and the next refresh (any action that revalidates) would then render
    // the new segment, remounting the editor and closing an open share dialog.
    announceRename({ id: documentId, title: result.data.title });
    // Next writes the title from the page's metadata only when the page renders again.
    if (isShown.current) document.title = pageTitle(displayTitle(result.data.title));
  };
  const latestSave = useRef(save);
  useEffect(() => {
    latestSave.current = save;
  });

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!arrival || !input) return;
    if (arrival.focus === "title") input.focus();
    if (!arrival.title) return;
    const next = (input.value + arrival.title).slice(0, MAX_TITLE_CHARS);
    input.value = next; // before the next key: setting the value puts the caret at its end
    setValue(next);
    pending.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void latestSave.current(next), SAVE_AFTER_MS);
  }, [arrival]);

  // A title typed on this device that never reached the server (offline, a closed tab): saved now,
  // unless the document was renamed since it was typed, which the field says instead.
  useEffect(() => {
    const draft = readTitleDraft(documentId);
    if (!draft) return;
    if (draft.title.trim() === title.trim()) return forgetTitleDraft(documentId);
    if (draft.base.trim() !== title.trim()) {
      forgetTitleDraft(documentId);
      // The draft is read from storage after hydration; the server can't know it to render.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      return setNotice(`Your title “${draft.title}” typed on this device was not saved: the document was renamed “${title}” meanwhile.`);
    }
    setValue(draft.title);
    void latestSave.current(draft.title);
    // Once per document page: the title it was loaded with is the draft's base.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [documentId]);

  useEffect(() => {
    const retry = () => {
      if (pending.current !== null) void latestSave.current(pending.current);
    };
    const leave = () => {
      if (pending.current !== null) sendTitleOnLeave(documentId, pending.current);
    };
    window.addEventListener("online", retry);
    window.addEventListener("pagehide", leave);
    provider?.on("synced", retry);
    return () => {
      window.removeEventListener("online", retry);
      window.removeEventListener("pagehide", leave);
      provider?.off("synced", retry);
    };
  }, [documentId, provider]);

  // Someone renamed the document elsewhere: the field follows, unless a title typed here is on its way.
  useEffect(() => {
    if (!provider) return;
    const onStateless = ({ payload }: { payload: string }) => {
      const renamed = renamedTitleIn(payload);
      if (renamed === null || renamed === saved.current) return;
      saved.current = renamed;
      if (pending.current !== null) return;
      setValue(renamed);
      announceRename({ id: documentId, title: renamed });
      if (isShown.current) document.title = pageTitle(displayTitle(renamed));
    };
    provider.on("stateless", onStateless);
    return () => {
      provider.off("stateless", onStateless);
    };
  }, [documentId, provider]);

  useEffect(() => {
    // From here the field's own saving has the title: the page's inline script stands down (lib/title-draft.ts).
    inputRef.current?.setAttribute(TITLE_LIVE_ATTRIBUTE, "");
    isShown.current = true; // StrictMode's second mount
    return () => {
      isShown.current = false;
      clearTimeout(timer.current);
      if (pending.current !== null) void latestSave.current(pending.current);
    };
  }, []);

  useLayoutEffect(() => fitHeight(inputRef.current), [value]);
  useEffect(() => {
    const refit = () => fitHeight(inputRef.current);
    window.addEventListener("resize", refit);
    return () => window.removeEventListener("resize", refit);
  }, []);

  return (
    <div>
      {/* As typed, so heading navigation names the document the field shows. */}
      <h1 className="sr-only">{displayTitle(value)}</h1>
      <label htmlFor="document-title" className="sr-only">
        Title
      </label>
      <textarea
        ref={inputRef}
        id="document-title"
        rows={1}
        dir="auto"
        value={value}
        readOnly={isReadOnly}
        maxLength={MAX_TITLE_CHARS}
        placeholder="Untitled"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "document-title-error" : undefined}
        onPaste={(event) => {
          const pasted = event.clipboardData.getData("text/plain");
          if (!/[\r\n]/.test(pasted)) return;
          event.preventDefault();
          // As typed, so undo takes it back; setRangeText where the browser has no insertText.
          const field = event.currentTarget;
          // A copied line's own line break at either end goes; the rest become spaces.
          const flat = oneLine(pasted.replace(/^[\r\n]+|[\r\n]+$/g, ""));
          if (!document.execCommand("insertText", false, flat)) {
            field.setRangeText(flat.slice(0, Math.max(0, MAX_TITLE_CHARS - field.value.length + field.selectionEnd - field.selectionStart)), field.selectionStart, field.selectionEnd, "end");
            field.dispatchEvent(new Event("input", { bubbles: true }));
          }
        }}
        onChange={(event) => {
          const field = event.target;
          // No line break is ever kept (one that got past Enter and paste: a drop, an input method).
          if (/[\r\n]/.test(field.value)) {
            const caret = oneLine(field.value.slice(0, field.selectionStart)).length;
            field.value = oneLine(field.value);
            field.setSelectionRange(caret, caret);
          }
          setValue(field.value);
          clearTimeout(timer.current);
          const next = field.value;
          pending.current = next;
          keepTitleDraft(documentId, { title: next, base: saved.current });
          timer.current = setTimeout(() => void save(next), SAVE_AFTER_MS);
        }}
        // The field's own value, not the state: a key pressed right after typing can arrive before
        // React has rendered the change, and saving the old state would also cancel the pending save.
        onBlur={(event) => void save(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter moves on to the body, as in other editors.
          if (event.key === "Enter") {
            event.preventDefault();
            void save(event.currentTarget.value);
            document.querySelector<HTMLElement>(".document-editor .ql-editor")?.focus();
          }
        }}
        className="block w-full resize-none overflow-hidden bg-transparent text-3xl font-semibold tracking-tight text-fg outline-none [field-sizing:content] [overflow-wrap:anywhere] placeholder:text-muted/70 sm:text-4xl"
      />
      {error ? (
        <p id="document-title-error" role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {notice && !error ? (
        <p role="status" data-testid="title-notice" className="mt-1 text-sm text-muted">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

/** The title in a server's "renamed" message, or null for any other stateless message. */
function renamedTitleIn(payload: string): string | null {
  try {
    const message = JSON.parse(payload) as { type?: unknown; title?: unknown };
    return message.type === DOCUMENT_RENAMED_MESSAGE && typeof message.title === "string" ? message.title : null;
  } catch {
    return null;
  }
}
