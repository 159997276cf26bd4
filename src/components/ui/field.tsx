import type { InputHTMLAttributes, ReactNode } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  /** The field's error, shown under it and announced to screen readers. */
  error?: string;
  /** Help shown under the field, and still there under an error (a "Forgot password?" link must not go away just when it is needed). */
  hint?: ReactNode;
}

/** A labelled text input with its inline error or hint. */
export function Field({ name, label, error, hint, id = `field-${name}`, className = "", ...input }: FieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-10 rounded-md border border-input-border bg-raised px-3 text-base text-fg placeholder:text-muted read-only:border-border read-only:bg-surface read-only:text-muted disabled:border-border disabled:bg-surface disabled:text-muted aria-[invalid=true]:border-danger sm:text-sm"
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
      {hint ? (
        <div id={`${id}-hint`} className="text-sm text-muted" aria-live="polite">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
