"use client";

/** A failed fetch (after its automatic retries) with a "Try again" button. */
export function RetryableError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <span role="alert" className="inline-flex flex-wrap items-center gap-2 text-danger">
      {message}
      <button type="button" onClick={onRetry} className="rounded px-1 font-medium text-accent underline underline-offset-2">
        Try again
      </button>
    </span>
  );
}
