"use client";

import { TemplateFields, useTemplateForm } from "@/components/templates/template-fields";
import { DialogForm, FormDialog } from "@/components/ui/form-dialog";
import { updateTemplateAction } from "@/server/actions/template-actions";
import type { TemplateDto } from "@/shared/schemas/template";

/** Settings → Templates → "Rename": the template's name and description. */
export function RenameTemplateDialog({ template, onClose, onRenamed }: { template: TemplateDto | null; onClose: () => void; onRenamed: (name: string) => void }) {
  return (
    <FormDialog
      open={template !== null}
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title="Rename template"
      description="Its name and description, as the template pickers show them."
    >
      {template ? <RenameForm key={template.id} template={template} onRenamed={onRenamed} /> : null}
    </FormDialog>
  );
}

function RenameForm({ template, onRenamed }: { template: TemplateDto; onRenamed: (name: string) => void }) {
  const { values, errors, isPending, run, fields } = useTemplateForm({ name: template.name, description: template.description });

  const handleSubmit = () =>
    run(
      () => updateTemplateAction({ templateId: template.id, ...values }),
      (renamed) => onRenamed(renamed.name),
    );

  return (
    <DialogForm submitLabel="Save" isPending={isPending} formError={errors.form} onSubmit={handleSubmit}>
      <TemplateFields {...fields} idPrefix="rename-template" />
    </DialogForm>
  );
}
