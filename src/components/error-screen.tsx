"use client";

import Link from "next/link";
import { useEffect } from "react";
import { buttonClass } from "@/components/ui/button";
import { dropHeldTyping } from "@/lib/typing-handoff";

/** The framework error pages' content (status and seed text) in the app's look. */
export function ErrorScreen({
  status,
  message,
  digest,
  onRetry,
}: {
  status?: string;
  message: string;
  digest?: string;
  onRetry?: () => void;
}) {
  // A document on its way ended here instead: the keys held for it go to the page again.
  useEffect(dropHeldTyping, []);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:gap-5">
        {status ? (
          <>
            <span className="text-2xl font-semibold">{status}</span>
            <span aria-hidden="true" className="hidden h-10 w-px bg-border sm:block" />
          </>
        ) : null}
        <h1 className="max-w-xl text-base">{message}</h1>
      </div>
      {digest ? <p className="text-sm text-muted">Digest: {digest}</p> : null}
      <div className="flex gap-3">
        {onRetry ? (
          <button type="button" onClick={onRetry} className={buttonClass("secondary")}>
            Try again
          </button>
        ) : null}
        <Link href="/" className={buttonClass("secondary")}>
          Go to Quire
        </Link>
      </div>
    </main>
  );
}
