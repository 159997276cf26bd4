"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { restoreRevisionAction } from "@/server/actions/revision-actions";
import { reachServer } from "@/lib/reach-server";

/** "Restore this version", after a confirmation; then back to the document, which already shows it. */
export function RestoreRevisionButton({ documentId, revisionId, documentHref }: { documentId: string; revisionId: string; documentHref: string }) {
  const router = useRouter();
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();

  const restore = () =>
    startTransition(async () => {
      setIsConfirming(false);
      const result = await reachServer(() => restoreRevisionAction({ documentId, revisionId }));
      if (!result.ok) return setError(result.message);
      router.push(documentHref);
    });

  return (
    <div className="flex flex-col items-start gap-2">
      <Button onClick={() => setIsConfirming(true)} disabled={isPending}>
        {isPending ? "Restoring…" : "Restore this version"}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        title="Restore this version?"
        description="The document's text and title become this version's for everyone editing it. The current text is kept in the history first, so you can go back to it."
        confirmLabel="Restore"
        onConfirm={restore}
        onCancel={() => setIsConfirming(false)}
      />
    </div>
  );
}
