"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { renameDocumentAction } from "@/server/actions/document-actions";
import { documentSegment } from "@/shared/document-slug";
import { MAX_TITLE_CHARS } from "@/shared/editor-rules";
import { recallFocus, rememberFocus } from "@/lib/focus-memory";

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
  const router = useRouter();
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const saved = useRef(title);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);

  const save = async (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() === saved.current.trim()) return;
    const result = await renameDocumentAction({ documentId, title: next });
    if (!result.ok) return setError(result.fields?.title ?? result.message);
    setError(null);
    saved.current = result.data.title;
    // Follow the title in the address bar without reloading the editor, then refresh the tree.
    window.history.replaceState(null, "", `/w/${workspaceSlug}/d/${documentSegment({ id: documentId, title: result.data.title })}`);
    router.refresh();
  };

  useEffect(() => {
    const input = inputRef.current;
    const caret = recallFocus<number>(`title:${documentId}`);
    if (input && caret !== null) {
      input.focus();
      input.setSelectionRange(caret, caret);
    }
    return () => {
      clearTimeout(timer.current);
      if (input && document.activeElement === input) rememberFocus(`title:${documentId}`, input.selectionStart ?? input.value.length);
    };
  }, [documentId]);

  return (
    <div>
      <label htmlFor="document-title" className="sr-only">
        Title
      </label>
      <input
        id="document-title"
        ref={inputRef}
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
