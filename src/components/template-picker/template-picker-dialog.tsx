"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useReturnFocus } from "@/lib/return-focus";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { listTemplatesAction } from "@/server/actions/template-actions";
import { reachServer } from "@/lib/reach-server";
import type { TemplateDto } from "@/shared/schemas/template";

/** Runs the chosen template; resolves to an error message, or null when done (the caller closes the dialog). */
type PickTemplate = (template: TemplateDto) => Promise<string | null>;

/**
 * A modal list of the workspace's templates (docs/product.md "Templates"): one button each, with
 * its description. While `onPick` runs the buttons are disabled and `busyLabel` is announced;
 * an error it returns is shown in the dialog.
 */
export function TemplatePickerDialog({
  open,
  workspaceId,
  workspaceSlug,
  title,
  description,
  busyLabel,
  onPick,
  onClose,
}: {
  open: boolean;
  workspaceId: string;
  workspaceSlug: string;
  title: string;
  description: string;
  busyLabel: string;
  onPick: PickTemplate;
  onClose: () => void;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 flex max-h-[85dvh] w-[min(32rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-border bg-raised p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>
          {/* Mounted while open only, so each opening starts from a freshly loaded list. */}
          {open ? <TemplateChoices workspaceId={workspaceId} busyLabel={busyLabel} onPick={onPick} /> : null}
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <Link href={`/w/${workspaceSlug}/settings/templates`} onClick={onClose} className="text-sm text-accent underline underline-offset-2">
              Manage templates
            </Link>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The list, loaded as the dialog opens, with the busy state and the error of a pick. */
function TemplateChoices({ workspaceId, busyLabel, onPick }: { workspaceId: string; busyLabel: string; onPick: PickTemplate }) {
  const [templates, setTemplates] = useState<TemplateDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    reachServer(() => listTemplatesAction({ workspaceId })).then((result) => {
      if (!isCurrent) return;
      if (result.ok) setTemplates(result.data);
      else setError(result.message);
    });
    return () => {
      isCurrent = false;
    };
  }, [workspaceId]);

  const pick = async (template: TemplateDto) => {
    setBusy(template.id);
    setError(null);
    const message = await onPick(template);
    setBusy(null);
    if (message) setError(message);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col" aria-busy={busy !== null}>
      <div className="mt-4 min-h-0 flex-1 overflow-y-auto">
        {templates === null && !error ? (
          <p role="status" className="text-sm text-muted">
            Loading templates…
          </p>
        ) : null}
        {templates?.length === 0 ? <p className="text-sm text-muted">This workspace has no templates yet.</p> : null}
        {templates && templates.length > 0 ? (
          <ul className="flex flex-col gap-2" aria-label="Templates">
            {templates.map((template) => (
              <li key={template.id}>
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => void pick(template)}
                  className="flex w-full flex-col items-start gap-0.5 rounded-lg border border-border px-3 py-2 text-left hover:bg-border/40 disabled:cursor-wait"
                >
                  <span className="text-sm font-medium">{template.name}</span>
                  {template.description ? <span className="text-xs text-muted">{template.description}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {busy ? (
        <p role="status" className="mt-3 text-sm text-muted">
          {busyLabel}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
