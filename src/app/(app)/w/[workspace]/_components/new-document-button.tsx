"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { holdTyping } from "@/lib/typing-handoff";
import { createDocumentAction } from "@/server/actions/document-actions";
import { reachServer } from "@/lib/reach-server";
import { documentSegment } from "@/shared/document-slug";

/** "New document" on the workspace home: creates a top-level document and opens it. */
export function NewDocumentButton({ workspaceId, workspaceSlug }: { workspaceId: string; workspaceSlug: string }) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        aria-disabled={isPending}
        className={buttonClass("primary", isPending ? "cursor-wait opacity-60" : "")}
        onClick={() => {
          if (isPending) return;
          // What is typed from now on is the new document's title (and, after Enter, its body).
          const hold = holdTyping("title");
          startTransition(async () => {
            const result = await reachServer(() => createDocumentAction({ workspaceId }));
            if (!result.ok) {
              hold.release();
              return setError(result.message);
            }
            hold.forDocument(result.data.id);
            router.push(`/w/${workspaceSlug}/d/${documentSegment(result.data)}`);
          });
        }}
      >
        {isPending ? "Creating…" : "New document"}
      </button>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
