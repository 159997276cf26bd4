"use client";

import { TemplateFields } from "@/components/templates/template-fields";
import * as Dialog from "@radix-ui/react-dialog";
import { useReturnFocus } from "@/lib/return-focus";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { updateTemplateAction } from "@/server/actions/template-actions";
import { reachServer } from "@/lib/reach-server";
import type { TemplateDto } from "@/shared/schemas/template";

/** Settings → Templates → "Rename": the template's name and description. */
export function RenameTemplateDialog({ template, onClose, onRenamed }: { template: TemplateDto | null; onClose: () => void; onRenamed: (name: string) => void }) {
  const returnFocus = useReturnFocus(template !== null);
  return (
    <Dialog.Root open={template !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-raised p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Rename template</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">Its name and description, as the template pickers show them.</Dialog.Description>
          {template ? <RenameForm key={template.id} template={template} onRenamed={onRenamed} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RenameForm({ template, onRenamed }: { template: TemplateDto; onRenamed: (name: string) => void }) {
  const [name, setName] = useState(template.name);
  const [description, setDescription] = useState(template.description);
  const [errors, setErrors] = useState<{ name?: string; description?: string; form?: string }>({});
  const [isPending, startTransition] = useTransition();

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await reachServer(() => updateTemplateAction({ templateId: template.id, name, description }));
      if (!result.ok) {
        const fields = result.fields ?? {};
        return setErrors({ name: fields.name, description: fields.description, form: fields.name || fields.description ? undefined : result.message });
      }
      onRenamed(result.data.name);
    });
  };

  return (
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
        idPrefix="rename-template"
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={isPending}>
          {isPending ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
