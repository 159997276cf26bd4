"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useReturnFocus } from "@/lib/return-focus";
import { Field } from "@/components/ui/field";
import { saveVersionAction } from "@/server/actions/revision-actions";
import { reachServer } from "@/lib/reach-server";
import { MAX_VERSION_NAME_CHARS, VersionNameField } from "@/shared/schemas/revision";

/** "Save version…": asks for a name and keeps the document's current text under it. */
export function SaveVersionDialog({
  documentId,
  open,
  onOpenChange,
  onSaved,
}: {
  documentId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (name: string) => void;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [isPending, startTransition] = useTransition();
  // Back to the "Document actions" button, after saving too (the notice at the window's foot says so).
  const returnFocus = useReturnFocus(open);

  // The menu opens the dialog through `open`, so the form is emptied whenever it closes.
  const handleOpenChange = (isOpen: boolean) => {
    if (!isOpen) {
      setName("");
      setError(undefined);
      setFormError(undefined);
    }
    onOpenChange(isOpen);
  };

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The same rule the server applies, checked first so a blank name costs no round trip.
    const parsed = VersionNameField.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    startTransition(async () => {
      const result = await reachServer(() => saveVersionAction({ documentId, name: parsed.data }));
      if (!result.ok) {
        setError(result.fields?.name);
        setFormError(result.fields?.name ? undefined : result.message);
        return;
      }
      handleOpenChange(false);
      onSaved(parsed.data);
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-raised p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Save version</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            Keep the document as it is now under a name. You can compare with it or restore it from the version history.
          </Dialog.Description>
          <form className="mt-4 flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
            <Field
              name="name"
              label="Version name"
              value={name}
              maxLength={MAX_VERSION_NAME_CHARS + 20}
              autoComplete="off"
              error={error}
              hint={`Up to ${MAX_VERSION_NAME_CHARS} characters.`}
              onChange={(event) => {
                setName(event.target.value);
                setError(undefined);
              }}
            />
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
                {isPending ? "Saving…" : "Save version"}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
