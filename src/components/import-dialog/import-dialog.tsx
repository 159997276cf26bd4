"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useReturnFocus } from "@/lib/return-focus";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { FormPostProgress } from "@/lib/post-form-with-progress";
import { postImport } from "@/lib/post-import";
import { MAX_IMPORT_BYTES } from "@/shared/editor-rules";
import { IMPORT_ACCEPT_ATTRIBUTE } from "@/shared/import";
import type { ImportSummary } from "@/shared/schemas/import";
import { ImportSummaryView, summaryHeadline } from "./import-summary";

/** A document the import may go under ("this document"). */
export interface ImportParent {
  id: string;
  title: string;
}

type UploadPhase = { step: "upload"; index: number; count: number; name: string; progress: FormPostProgress };
type Phase = { step: "choose" } | UploadPhase | { step: "done"; summary: ImportSummary };

/**
 * "Import…": choose or drop Markdown, HTML, Word and zip files, pick where they go (the top
 * level, or `parent`), and upload them one request per file with a progress bar; ends with the
 * summary of what was imported (links) and what was not, and refreshes the tree.
 */
export function ImportDialog({
  open,
  onOpenChange,
  workspaceSlug,
  parent,
  initialTarget = "top",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  workspaceSlug: string;
  /** Offered as a destination when given. */
  parent: ImportParent | null;
  initialTarget?: "top" | "parent";
}) {
  const router = useRouter();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [target, setTarget] = useState<"top" | "parent">(initialTarget);
  const [phase, setPhase] = useState<Phase>({ step: "choose" });
  const [isDragging, setIsDragging] = useState(false);
  const isUploading = phase.step === "upload";
  // One live region, always mounted, so screen readers hear each step (not every percent).
  const announcement = phase.step === "upload" ? uploadLabel(phase) : phase.step === "done" ? summaryHeadline(phase.summary) : "";

  const reset = () => {
    setFiles([]);
    setPhase({ step: "choose" });
    setTarget(initialTarget);
  };

  const start = async () => {
    const summary: ImportSummary = { imported: [], skipped: [] };
    const parentId = target === "parent" && parent ? parent.id : null;
    for (const [index, file] of files.entries()) {
      if (file.size > MAX_IMPORT_BYTES) {
        summary.skipped.push({ name: file.name, reason: "It is larger than 50 MB." });
        continue;
      }
      setPhase({ step: "upload", index, count: files.length, name: file.name, progress: { phase: "uploading", loaded: 0, total: file.size } });
      const result = await postImport(file, { workspace: workspaceSlug, parentId }, (progress) =>
        setPhase({ step: "upload", index, count: files.length, name: file.name, progress }),
      );
      summary.imported.push(...result.imported);
      summary.skipped.push(...result.skipped);
    }
    setPhase({ step: "done", summary });
    router.refresh();
  };

  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(isOpen) => {
        if (isUploading) return; // closing would hide an upload that still runs
        if (!isOpen) reset();
        onOpenChange(isOpen);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 flex max-h-[90dvh] w-[min(32rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-border bg-raised p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Import</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">
            Markdown, HTML, Word (.docx) or a zip of folders: each file becomes a document, each folder a document holding its files.
          </Dialog.Description>

          <p role="status" aria-live="polite" className="sr-only">
            {announcement}
          </p>

          {phase.step === "choose" ? (
            <>
              <div
                onDragOver={(event) => {
                  event.preventDefault();
                  setIsDragging(true);
                }}
                onDragLeave={() => setIsDragging(false)}
                onDrop={(event) => {
                  event.preventDefault();
                  setIsDragging(false);
                  setFiles((current) => [...current, ...Array.from(event.dataTransfer.files)]);
                }}
                className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-5 text-center text-sm ${isDragging ? "border-accent bg-accent-soft" : "border-border"}`}
              >
                <p className="text-muted">Drop files here, or</p>
                <label htmlFor={inputId} className="sr-only">
                  Files to import
                </label>
                <input
                  id={inputId}
                  ref={inputRef}
                  type="file"
                  multiple
                  accept={IMPORT_ACCEPT_ATTRIBUTE}
                  className="sr-only"
                  tabIndex={-1}
                  onChange={(event) => {
                    const chosen = Array.from(event.target.files ?? []);
                    setFiles((current) => [...current, ...chosen]);
                    event.target.value = "";
                  }}
                />
                <Button variant="secondary" onClick={() => inputRef.current?.click()}>
                  Choose files…
                </Button>
                <p className="text-xs text-muted">.md, .markdown, .html, .htm, .docx, .zip · up to 50 MB per file</p>
              </div>

              {files.length > 0 ? (
                <ul aria-label="Files to import" className="flex flex-col gap-1 text-sm">
                  {files.map((file, index) => (
                    <li key={`${file.name}-${index}`} className="flex items-center justify-between gap-2 rounded-md bg-surface px-3 py-1.5">
                      <span className="min-w-0 truncate">{file.name}</span>
                      <button
                        type="button"
                        className="shrink-0 rounded px-2 text-muted hover:text-fg"
                        aria-label={`Remove ${file.name}`}
                        onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                      >
                        ×
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}

              {parent ? (
                <fieldset className="flex flex-col gap-1 text-sm">
                  <legend className="mb-1 font-medium">Import into</legend>
                  <label className="flex min-h-9 items-center gap-2">
                    <input type="radio" name="import-target" checked={target === "top"} onChange={() => setTarget("top")} />
                    The top level of the workspace
                  </label>
                  <label className="flex min-h-9 items-center gap-2">
                    <input type="radio" name="import-target" checked={target === "parent"} onChange={() => setTarget("parent")} />
                    <span className="min-w-0 truncate">Inside “{parent.title || "Untitled"}”</span>
                  </label>
                </fieldset>
              ) : null}

              <div className="flex flex-wrap justify-end gap-3">
                <Dialog.Close asChild>
                  <Button variant="secondary">Cancel</Button>
                </Dialog.Close>
                <Button disabled={files.length === 0} onClick={() => void start()}>
                  {files.length > 1 ? `Import ${files.length} files` : "Import"}
                </Button>
              </div>
            </>
          ) : null}

          {phase.step === "upload" ? <UploadState phase={phase} /> : null}

          {phase.step === "done" ? (
            <>
              <ImportSummaryView summary={phase.summary} onOpenDocument={() => onOpenChange(false)} />
              <div className="flex flex-wrap justify-end gap-3">
                <Button variant="secondary" onClick={reset}>
                  Import more
                </Button>
                <Dialog.Close asChild>
                  <Button>Done</Button>
                </Dialog.Close>
              </div>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The progress bar: files done by count, the current file's bytes, then "Importing…" while the server works. */
function UploadState({ phase }: { phase: UploadPhase }) {
  const { index, count, progress } = phase;
  const fraction = progress.phase === "processing" ? 1 : progress.total > 0 ? progress.loaded / progress.total : 0;
  // Each file is an equal share of the bar; the share fills as its bytes go up.
  const value = Math.round(((index + fraction) / count) * 100);
  const label = uploadLabel(phase);
  return (
    <div className="flex flex-col gap-2">
      <p id="import-progress-label" className="text-sm">
        {label}
      </p>
      <div
        role="progressbar"
        aria-labelledby="import-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%: ${label}`}
        className="h-2 overflow-hidden rounded-full bg-surface"
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

function uploadLabel({ index, count, name, progress }: UploadPhase): string {
  const counter = count > 1 ? ` (${index + 1} of ${count})` : "";
  return progress.phase === "processing" ? `Importing ${name}…${counter}` : `Uploading ${name}${counter}`;
}
