"use client";

import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { renameDocumentAction } from "@/server/actions/document-actions";
import { MAX_TITLE_CHARS } from "@/shared/editor-rules";
import { announceRename } from "@/lib/document-events";
import type { Arrival } from "@/lib/typing-handoff";
import { displayTitle } from "@/shared/document-slug";
import { pageTitle } from "@/shared/page-title";

const SAVE_AFTER_MS = 600;

/**
 * The document's title above the editor: saved as you type; the sidebar and the window's title
 * follow it at once, the address's slug on the next visit. A new document arrives with its title
 * focused, and with what was typed while it was being created. The page's heading is the title too,
 * for screen readers' heading navigation (an input is no heading).
 */
export function TitleField({
  documentId,
  title,
  isReadOnly,
  arrival,
}: {
  documentId: string;
  title: string;
  isReadOnly: boolean;
  arrival: Arrival | null;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const saved = useRef(title);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The typed title the timer will save, so leaving the page saves it at once instead. */
  const pending = useRef<string | null>(null);
  /** False once the page has gone: a save finishing after that must not rename the next page's window. */
  const isShown = useRef(true);

  const save = async (next: string) => {
    clearTimeout(timer.current);
    pending.current = null;
    if (next.trim() === saved.current.trim()) return;
    const result = await renameDocumentAction({ documentId, title: next });
    if (!result.ok) return setError(result.fields?.title ?? result.message);
    setError(null);
    saved.current = result.data.title;
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

  useEffect(() => {
    isShown.current = true; // StrictMode's second mount
    return () => {
      isShown.current = false;
      clearTimeout(timer.current);
      if (pending.current !== null) void latestSave.current(pending.current);
    };
  }, []);

  return (
    <div>
      {/* As typed, so heading navigation names the document the field shows. */}
      <h1 className="sr-only">{displayTitle(value)}</h1>
      <label htmlFor="document-title" className="sr-only">
        Title
      </label>
      <input
        ref={inputRef}
        id="document-title"
        value={value}
        readOnly={isReadOnly}
        maxLength={MAX_TITLE_CHARS}
        placeholder="Untitled"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "document-title-error" : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          clearTimeout(timer.current);
          const next = event.target.value;
          pending.current = next;
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
        className="w-full bg-transparent text-3xl font-semibold tracking-tight text-fg outline-none placeholder:text-muted/70 sm:text-4xl"
      />
      {error ? (
        <p id="document-title-error" role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
