"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { listRevisionsAction } from "@/server/actions/revision-actions";
import { reachServer } from "@/lib/reach-server";
import type { RevisionDto } from "@/shared/schemas/revision";
import { LocalTime } from "@/components/time/local-time";
import { KIND_BADGE, revisionDetails, revisionLabel } from "./revision-labels";

/** The document's revisions, newest first; "Load more" fetches the next page after the cursor. */
export function RevisionTimeline({
  documentId,
  basePath,
  initial,
  initialCursor,
}: {
  documentId: string;
  /** `/w/…/d/…/history`: a revision opens at `${basePath}/${id}`. */
  basePath: string;
  initial: RevisionDto[];
  initialCursor: string | null;
}) {
  const [items, setItems] = useState(initial);
  const [cursor, setCursor] = useState(initialCursor);
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();

  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted">
        No versions yet. One is kept automatically once the document has changed and 5 minutes have passed, and editors can save a named version from
        the document menu.
      </p>
    );
  }

  const loadMore = () =>
    startTransition(async () => {
      const result = await reachServer(() => listRevisionsAction({ documentId, cursor }));
      if (!result.ok) return setError(result.message);
      setError(null);
      setItems((list) => [...list, ...result.data.data]);
      setCursor(result.data.nextCursor);
    });

  return (
    <div className="flex flex-col gap-4">
      <ol className="divide-y divide-border rounded-xl border border-border" aria-busy={isPending} data-testid="revision-list">
        {items.map((revision) => (
          <li key={revision.id}>
            <Link href={`${basePath}/${revision.id}`} className="flex flex-col gap-1 px-4 py-3 hover:bg-surface focus-visible:bg-surface">
              <span className="flex flex-wrap items-center gap-2">
                {KIND_BADGE[revision.kind] ? <span className="rounded border border-border px-1.5 text-xs font-medium uppercase tracking-wide text-muted">{KIND_BADGE[revision.kind]}</span> : null}
                <span className="min-w-0 break-words font-medium">{revisionLabel(revision)}</span>
                <LocalTime value={revision.createdAt} className="ml-auto text-sm text-muted" />
              </span>
              <span className="break-words text-sm text-muted">{revisionDetails(revision)}</span>
            </Link>
          </li>
        ))}
      </ol>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {cursor ? (
        <Button variant="secondary" className="self-center" onClick={loadMore} disabled={isPending}>
          {isPending ? "Loading…" : "Load more"}
        </Button>
      ) : null}
    </div>
  );
}
