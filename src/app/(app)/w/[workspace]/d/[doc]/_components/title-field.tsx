"use client";

import { useEffect, useRef, useState } from "react";
import { renameDocumentAction } from "@/server/actions/document-actions";
import { documentSegment } from "@/shared/document-slug";
import { MAX_TITLE_CHARS } from "@/shared/editor-rules";
import { announceRename } from "@/lib/document-events";

const SAVE_AFTER_MS = 600;

/** The document's title above the editor: saved as you type; the URL's slug follows it. */
export function TitleField({
  workspaceSlug,
  documentId,
  title,
  isReadOnly,
}: {
  workspaceSlug: string;
  documentId: string;
  title: string;
  isReadOnly: boolean;
}) {
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const saved = useRef(title);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The typed title the timer will save, so leaving the page saves it at once instead. */
  const pending = useRef<string | null>(null);

  const save = async (next: string) => {
    clearTimeout(timer.current);
    pending.current = null;
    if (next.trim() === saved.current.trim()) return;
    const result = await renameDocumentAction({ documentId, title: next });
    if (!result.ok) return setError(result.fields?.title ?? result.message);
    setError(null);
    saved.current = result.data.title;
    // The address bar follows the title and the tree shows it, without refreshing the page
    // (a refresh would remount the editor under the new URL segment mid-typing) — but only
    // while the address is still this document's: the answer may come after the person
    // moved on to another page, whose address must stay.
    if (new RegExp(`/d/[^/]*${documentId}$`).test(window.location.pathname)) {
      window.history.replaceState(window.history.state, "", `/w/${workspaceSlug}/d/${documentSegment({ id: documentId, title: result.data.title })}`);
    }
    announceRename({ id: documentId, title: result.data.title });
  };
  const latestSave = useRef(save);
  useEffect(() => {
    latestSave.current = save;
  });

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current !== null) void latestSave.current(pending.current);
    },
    [],
  );

  return (
    <div>
      <label htmlFor="document-title" className="sr-only">
        Title
      </label>
      <input
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
        onBlur={() => void save(value)}
        onKeyDown={(event) => {
          // Enter moves on to the body, as in other editors.
          if (event.key === "Enter") {
            event.preventDefault();
            void save(value);
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
