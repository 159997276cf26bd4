"use client";

import { useId, useRef, useState } from "react";
import type { ReactNode } from "react";
import { Button } from "./button";

interface CopyFieldProps {
  /** The text to copy: a token, an invitation link, a share link. */
  value: string;
  /** The field's accessible name; shown above it when `isLabelVisible`. */
  label: string;
  isLabelVisible?: boolean;
  /** What is being copied, in the messages: "token", "link". */
  noun: string;
  /** What the line under the field says before anything is copied. */
  hint?: ReactNode;
  /** The id of what the field is described by besides its label, such as the sentence above it that says what the link is for. */
  describedBy?: string;
  testId?: string;
  /** Lines of a multi-line text (a kept comment draft): a read-only text box instead of a one-line field. */
  rows?: number;
}

/**
 * A read-only field with a Copy button, for secrets and links shown to be passed on. Copies with
 * the Clipboard API; where that is refused (no permission, an insecure origin) it selects the
 * text and says to press Ctrl+C. The line under the field announces the outcome politely.
 */
export function CopyField({ value, label, isLabelVisible = false, noun, hint, describedBy, testId, rows }: CopyFieldProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      inputRef.current?.focus();
      inputRef.current?.select();
      setState("failed");
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className={isLabelVisible ? "text-sm" : "sr-only"}>
        {label}
      </label>
      <div className={rows === undefined ? "flex flex-col gap-2 sm:flex-row" : "flex flex-col items-end gap-2"}>
        {rows === undefined ? (
          <input
            ref={inputRef}
            id={inputId}
            readOnly
            value={value}
            aria-describedby={describedBy}
            data-testid={testId}
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-10 min-w-0 flex-1 rounded-md border border-input-border bg-bg px-3 font-mono text-sm text-fg"
          />
        ) : (
          <textarea
            ref={inputRef}
            id={inputId}
            readOnly
            rows={rows}
            value={value}
            aria-describedby={describedBy}
            data-testid={testId}
            className="w-full resize-y rounded-md border border-input-border bg-bg px-2 py-1.5 text-sm text-fg"
          />
        )}
        <Button variant="secondary" onClick={() => void copy()}>
          {state === "copied" ? "Copied" : `Copy ${noun}`}
        </Button>
      </div>
      <p className="min-h-5 text-xs text-muted" role="status" aria-live="polite">
        {state === "copied"
          ? `The ${noun} is on your clipboard.`
          : state === "failed"
            ? `Couldn't reach the clipboard: the ${noun} is selected, press Ctrl+C (⌘C on a Mac).`
            : hint}
      </p>
    </div>
  );
}
