"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { createDocumentAction } from "@/server/actions/document-actions";
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
        onClick={() =>
          !isPending &&
          startTransition(async () => {
            const result = await createDocumentAction({ workspaceId });
            if (!result.ok) return setError(result.message);
            router.push(`/w/${workspaceSlug}/d/${documentSegment(result.data)}`);
          })
        }
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
