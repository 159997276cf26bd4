"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { FormEvent, ReactNode } from "react";
import { useReturnFocus } from "@/lib/return-focus";
import { Button } from "./button";

/**
 * A modal that asks for a few fields and saves them ("Save version…", "Save as template…",
 * "Rename template"): its title, its description, then `children`, which hold the form
 * (`<DialogForm>`) and its state. They are mounted only while the dialog is open, so closing it,
 * whichever way, forgets what was typed and any error. Closed, it gives focus back to what
 * opened it (lib/return-focus.ts).
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-raised p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The form inside a `<FormDialog>`: its fields, the error about the whole form under them, then
 * Cancel and the submit button, disabled and saying "Saving…" while `isPending`. The browser's
 * own validation is off: the fields show the server's rules' messages.
 */
export function DialogForm({
  submitLabel,
  isPending,
  formError,
  onSubmit,
  children,
}: {
  submitLabel: string;
  isPending: boolean;
  formError?: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="mt-4 flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
      {children}
      {formError ? (
        <p role="alert" className="text-sm text-danger">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={isPending}>
          {isPending ? "Saving…" : submitLabel}
        </Button>
      </div>
    </form>
  );
}
