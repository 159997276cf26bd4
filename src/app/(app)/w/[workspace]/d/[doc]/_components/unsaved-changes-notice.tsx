"use client";

import { useState } from "react";
import type { UnsavedChanges } from "@/editor/connection/unsaved-changes";
import { UNSAVED_CHANGES_TEXT } from "@/editor/connection/use-collab-notice";

/**
 * Beside a read-only editor whose device holds changes the server never took (typed while the
 * person could edit): says they are kept on this device, and offers them — copy the unsaved
 * passages, download the document as this device has it, or discard them after a second click.
 * Nothing here deletes them by itself (docs/product.md "States").
 *
 * Without `unsaved.discard` it says `message` about changes this device can't keep (access ended
 * before they were saved: CHANGES_LEFT_BEHIND_TEXT), and offers only to copy or download.
 */
export function UnsavedChangesNotice({
  unsaved,
  title,
  message = UNSAVED_CHANGES_TEXT,
  onDiscarded,
}: {
  unsaved: Omit<UnsavedChanges, "discard"> & { discard?: UnsavedChanges["discard"] };
  title: string;
  message?: string;
  onDiscarded?: () => void;
}) {
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const passages = unsaved.passages.join("\n\n");

  const copy = () => {
    navigator.clipboard.writeText(passages).then(
      () => setCopied("copied"),
      () => setCopied("failed"),
    );
  };
  const download = () => {
    const href = URL.createObjectURL(new Blob([unsaved.text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = href;
    link.download = `${(title.trim() || "Untitled").replace(/[\\/:*?"<>|]+/g, "-")} (not saved).txt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 0);
  };

  return (
    <div role="status" className="flex flex-col gap-2 rounded-md border border-border bg-surface px-3 py-2 text-sm" data-testid="unsaved-changes">
      <p>{message}</p>
      {passages ? (
        <details>
          <summary className="cursor-pointer font-medium">Show what wasn&rsquo;t saved</summary>
          <textarea
            readOnly
            value={passages}
            aria-label="Text that wasn't saved"
            rows={Math.min(8, passages.split("\n").length + 1)}
            className="mt-2 w-full rounded-md border border-border bg-bg p-2 font-mono text-sm"
          />
        </details>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {passages ? (
          <button type="button" onClick={copy} className="font-medium underline">
            Copy the unsaved text
          </button>
        ) : null}
        <button type="button" onClick={download} className="font-medium underline">
          Download with your changes
        </button>
        {!unsaved.discard ? null : isConfirming ? (
          <>
            <span>Discard what wasn&rsquo;t saved? It can&rsquo;t be brought back.</span>
            <button type="button" onClick={() => void unsaved.discard?.().then(onDiscarded)} className="font-medium text-danger underline">
              Discard it
            </button>
            <button type="button" onClick={() => setIsConfirming(false)} className="font-medium underline">
              Keep it
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setIsConfirming(true)} className="font-medium underline">
            Discard…
          </button>
        )}
        {copied ? <span aria-live="polite">{copied === "copied" ? "Copied." : "Copying failed: select the text above and copy it."}</span> : null}
      </div>
    </div>
  );
}
