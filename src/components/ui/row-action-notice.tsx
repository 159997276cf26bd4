"use client";

import { useEffect, useState } from "react";
import type { RowActionNotice as Notice } from "@/lib/use-row-actions";

/**
 * useRowActions' notice: announced politely on success, as an alert on failure.
 *
 * The polite region is always in the page, empty until there is something to say: screen readers
 * announce changes to a live region they already know, and many miss one added with its words in
 * it. Each new notice empties it for a frame first, so the same sentence twice in a row ("Marked
 * read.") is said twice. An alert is announced when it appears, so it is added as it comes.
 */
export function RowActionNotice({ notice }: { notice: Notice | null }) {
  // The notice whose frame has passed: until then (a new notice) the region renders empty.
  const [shown, setShown] = useState<Notice | null>(null);
  useEffect(() => {
    if (!notice || notice.isError) return;
    const frame = requestAnimationFrame(() => setShown(notice));
    return () => cancelAnimationFrame(frame);
  }, [notice]);
  const polite = notice && shown === notice ? notice.text : "";
  return (
    <>
      <p role="status" className={polite ? "text-sm text-success" : "sr-only"}>
        {polite}
      </p>
      {notice?.isError ? (
        <p role="alert" className="text-sm text-danger">
          {notice.text}
        </p>
      ) : null}
    </>
  );
}
