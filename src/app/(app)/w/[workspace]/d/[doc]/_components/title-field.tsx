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

/** What the field says when a title kept on this device meets a rename made meanwhile: theirs stays, and ours is shown to be taken back. */
export function titleNotSavedText(mine: string, theirs: string): string {
  return `Your title “${mine}” typed on this device was not saved: the document was renamed “${theirs}” meanwhile.`;
}

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
 * comes back or on the next load, but only while the document still has the title it was typed
 * over (the server checks, `ifTitleIs`). When someone renamed it meanwhile, their title stays and
 * the field says which of ours was not saved, with "Use my title" to put it back. A rename made elsewhere reaches the field through the document's connection
 * (`provider`), unless a title typed here is still on its way.
 */
export function TitleField({
  userId,
  documentId,
  title,
  isReadOnly,
  arrival,
  provider,
}: {
  /** Whose drafts the field keeps and reads (lib/title-draft.ts): the signed-in person's. */
  userId: string;
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
  /** A title kept on this device that met a rename made meanwhile: shown until the person chooses. */
  const [notSaved, setNotSaved] = useState<{ mine: string; theirs: string } | null>(null);
  const saved = useRef(title);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The typed title the server doesn't have yet: the timer, leaving the page or a reconnection saves it. */
  const pending = useRef<string | null>(null);
  /** False once the page has gone: a save finishing after that must not rename the next page's window. */
  const isShown = useRef(true);
  /**
   * The saved title that a title kept on this device (no answer to its save, or a draft from an
   * earlier visit) was typed over: until the server answers, that title is saved only if the
   * document still has this one, so a rename made meanwhile is never overwritten.
   */
  const unsentBase = useRef<string | null>(null);
  /** The save checked against `unsentBase` while it is on its way: later saves wait for its answer. */
  const checking = useRef<Promise<unknown> | null>(null);
  /** Counts the renames found that way: a save waiting behind one is dropped (the field now shows theirs). */
  const conflicts = useRef(0);

  /** The field, the sidebar and the window show `renamed`, the document's title on the server. */
  const showRenamed = (renamed: string) => {
    saved.current = renamed;
    setValue(renamed);
    announceRename({ id: documentId, title: renamed });
    if (isShown.current) document.title = pageTitle(displayTitle(renamed));
  };

  const save = async (next: string) => {
    clearTimeout(timer.current);
    const round = conflicts.current;
    while (checking.current) await checking.current;
    if (conflicts.current !== round) return;
    if (next.trim() === saved.current.trim()) {
      pending.current = null;
      forgetTitleDraft(userId, documentId);
      return setNotice(null);
    }
    pending.current = next;
    const base = unsentBase.current;
    const request = reachServer(() => renameDocumentAction({ documentId, title: next, ...(base === null ? {} : { ifTitleIs: base }) }));
    if (base !== null) checking.current = request;
    const result = await request;
    if (checking.current === request) checking.current = null;
    // No answer: the title stays pending and on the device, and goes again when the connection is
    // back, if the document still has the title it was typed over.
    if (!result.ok && result.code === "unavailable") {
      unsentBase.current ??= saved.current;
      return setNotice(TITLE_KEPT_OFFLINE_TEXT);
    }
    if (base !== null) unsentBase.current = null;
    if (result.ok && base !== null && result.data.title.trim() !== next.trim()) {
      // Renamed meanwhile: theirs stays, and ours (with what was typed since) is shown to be taken back.
      conflicts.current += 1;
      const mine = pending.current ?? next;
      pending.current = null;
      clearTimeout(timer.current);
      forgetTitleDraft(userId, documentId);
      setNotice(null);
      setError(null);
      showRenamed(result.data.title);
      return setNotSaved({ mine, theirs: result.data.title });
    }
    if (pending.current === next) pending.current = null; // else a newer title is on its way
    setNotice(null);
    if (!result.ok) {
      // Signed out: the draft stays for the next load once signed in again; a refused title is not kept.
      if (result.code !== "unauthenticated") forgetTitleDraft(userId, documentId);
      return setError(result.fields?.title ?? result.message);
    }
    setError(null);
    saved.current = result.data.title;
    if (pending.current === null) forgetTitleDraft(userId, documentId);
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
    const draft = readTitleDraft(userId, documentId);
    if (!draft) return;
    if (draft.title.trim() === title.trim()) return forgetTitleDraft(userId, documentId);
    if (draft.base.trim() !== title.trim()) {
      forgetTitleDraft(userId, documentId);
      // The draft is read from storage after hydration; the server can't know it to render.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      return setNotSaved({ mine: draft.title, theirs: title });
    }
    setValue(draft.title);
    // Renamed between this page's render and now: the server's check finds it.
    unsentBase.current = draft.base;
    void latestSave.current(draft.title);
    // Once per document page: the title it was loaded with is the draft's base.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [documentId, userId]);

  useEffect(() => {
    const retry = () => {
      if (pending.current !== null) void latestSave.current(pending.current);
    };
    // A title waiting to be checked against a rename stays a draft: the next load checks and saves it.
    const leave = () => {
      if (pending.current !== null && unsentBase.current === null) sendTitleOnLeave(documentId, pending.current);
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
          keepTitleDraft(userId, documentId, { title: next, base: saved.current });
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
      {notSaved ? (
        <div className="mt-1 flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
          <p role="status" data-testid="title-notice" className="text-muted [overflow-wrap:anywhere]">
            {titleNotSavedText(notSaved.mine, notSaved.theirs)}
          </p>
          {isReadOnly ? null : (
            <>
              <button
                type="button"
                className="rounded px-1 font-medium text-accent underline underline-offset-2"
                onClick={() => {
                  const mine = notSaved.mine.slice(0, MAX_TITLE_CHARS);
                  setNotSaved(null);
                  setValue(mine);
                  pending.current = mine;
                  keepTitleDraft(userId, documentId, { title: mine, base: saved.current });
                  void save(mine);
                  inputRef.current?.focus();
                }}
              >
                Use my title
              </button>
              <button type="button" className="rounded px-1 text-muted underline underline-offset-2" onClick={() => setNotSaved(null)}>
                Keep the new title
              </button>
            </>
          )}
        </div>
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
