"use client";

import { TemplateFields } from "@/components/templates/template-fields";
import * as Dialog from "@radix-ui/react-dialog";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useReturnFocus } from "@/lib/return-focus";
import { saveDocumentAsTemplateAction } from "@/server/actions/template-actions";
import { reachServer } from "@/lib/reach-server";
import { TemplateDescriptionField, TemplateNameField } from "@/shared/schemas/template";

/** "Save as template…": names the document's current text as a workspace template. */
export function SaveTemplateDialog({
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
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<{ name?: string; description?: string; form?: string }>({});
  const [isPending, startTransition] = useTransition();
  // Back to the "Document actions" button, after saving too (the notice at the window's foot says so).
  const returnFocus = useReturnFocus(open);

  const handleOpenChange = (isOpen: boolean) => {
    if (!isOpen) {
      setName("");
      setDescription("");
      setErrors({});
    }
    onOpenChange(isOpen);
  };

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The server's own rules, checked first so a blank name costs no round trip.
    const parsedName = TemplateNameField.safeParse(name);
    const parsedDescription = TemplateDescriptionField.safeParse(description);
    if (!parsedName.success || !parsedDescription.success) {
      return setErrors({ name: parsedName.error?.issues[0]?.message, description: parsedDescription.error?.issues[0]?.message });
    }
    startTransition(async () => {
      const result = await reachServer(() => saveDocumentAsTemplateAction({ documentId, name: parsedName.data, description: parsedDescription.data }));
      if (!result.ok) {
        const fields = result.fields ?? {};
        return setErrors({ name: fields.name, description: fields.description, form: fields.name || fields.description ? undefined : result.message });
      }
      handleOpenChange(false);
      onSaved(result.data.name);
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-raised p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Save as template</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            Everyone who can create documents here can start from it. Write {"{{date}}"}, {"{{time}}"}, {"{{author}}"} or {"{{title}}"} in the text to have them filled in.
          </Dialog.Description>
          <form className="mt-4 flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
            <TemplateFields
              name={name}
              description={description}
              errors={errors}
              onChange={(values) => {
                setName(values.name);
                setDescription(values.description);
                setErrors({});
              }}
            />
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={isPending}>
                {isPending ? "Saving…" : "Save template"}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
