"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { ActionResult } from "@/shared/api-error";
import type { CommentBody } from "@/shared/comments/comment-dto";
import { parseCommentMarkup } from "@/shared/comments/comment-markup";
import { MAX_COMMENT_CHARS } from "@/shared/comments/comment-rules";
import { Button } from "@/components/ui/button";

/**
 * A comment's text box: Markdown's inline marks for bold, italic, code and links (shared/comments/
 * comment-markup.ts). Ctrl/⌘+Enter sends; Escape cancels (and the caller puts the focus back).
 */
export function CommentComposer({
  label,
  submitLabel,
  initialText = "",
  autoFocus = false,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initialText?: string;
  autoFocus?: boolean;
  onSubmit: (body: CommentBody) => Promise<ActionResult<unknown>>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  const send = async () => {
    if (isSending) return;
    if (text.trim() === "") return setError("Write something first.");
    setIsSending(true);
    const result = await onSubmit(parseCommentMarkup(text));
    setIsSending(false);
    if (result.ok) setText("");
    else setError(result.fields?.body ?? result.message);
  };

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={`${id}-text`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        ref={ref}
        value={text}
        rows={3}
        maxLength={MAX_COMMENT_CHARS * 2}
        placeholder={label}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="w-full resize-y rounded-md border border-input-border bg-bg px-2 py-1.5 text-sm text-fg"
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          } else if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        **bold**, *italic*, `code`, [link](https://…) · Ctrl+Enter to send
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" className="min-h-8 px-3" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-8 px-3" disabled={isSending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
