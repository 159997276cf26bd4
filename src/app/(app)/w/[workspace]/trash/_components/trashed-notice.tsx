"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { restoreDocumentAction } from "@/server/actions/document-actions";
import { reachServer } from "@/lib/reach-server";
import { displayTitle, documentSegment } from "@/shared/document-slug";

/**
 * Said on arriving from "Move to trash" on the open document (its "…" menu or the sidebar's tree):
 * what went, and "Undo", which restores it and opens it again. Focus lands on "Undo" (else on the
 * sentence): the document it was in is gone.
 */
export function TrashedNotice({
  workspaceSlug,
  item,
  canRestore,
}: {
  workspaceSlug: string;
  item: { id: string; title: string; descendantCount: number };
  canRestore: boolean;
}) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const sentence = `Moved “${displayTitle(item.title)}”${item.descendantCount > 0 ? ` and its ${item.descendantCount} sub-document${item.descendantCount === 1 ? "" : "s"}` : ""} to the trash.`;

  useEffect(() => {
    boxRef.current?.querySelector<HTMLElement>("button, [tabindex]")?.focus();
    // Written once the status is in the page: a live region that arrives with its text is often not read.
    const timer = setTimeout(() => setMessage(sentence), 150);
    return () => clearTimeout(timer);
  }, [sentence]);

  const undo = () =>
    startTransition(async () => {
      setError(null);
      const result = await reachServer(() => restoreDocumentAction({ documentId: item.id }));
      if (!result.ok) return setError(result.message);
      router.push(`/w/${workspaceSlug}/d/${documentSegment(result.data)}`);
    });

  return (
    <div ref={boxRef} className="flex min-h-14 flex-wrap items-center gap-3 rounded-xl border border-border bg-accent-soft px-4 py-3 text-sm" data-testid="trashed-notice">
      <p tabIndex={canRestore ? undefined : -1} role="status" className="min-w-0 flex-1 outline-none">
        {message}
      </p>
      {canRestore ? (
        <Button variant="secondary" onClick={undo} disabled={isPending}>
          Undo<span className="sr-only"> moving “{displayTitle(item.title)}” to the trash</span>
        </Button>
      ) : null}
      {error ? (
        <p role="alert" className="basis-full text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
