"use client";

import { TemplateFields, useTemplateForm } from "@/components/templates/template-fields";
import { DialogForm, FormDialog } from "@/components/ui/form-dialog";
import { saveDocumentAsTemplateAction } from "@/server/actions/template-actions";
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
  // Closed, after saving too, focus goes back to the "Document actions" button (the notice at the window's foot says so).
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save as template"
      description={
        <>
          Everyone who can create documents here can start from it. Write {"{{date}}"}, {"{{time}}"}, {"{{author}}"} or {"{{title}}"} in the text to have them filled in.
        </>
      }
    >
      <SaveTemplateForm
        documentId={documentId}
        onSaved={(name) => {
          onOpenChange(false);
          onSaved(name);
        }}
      />
    </FormDialog>
  );
}

function SaveTemplateForm({ documentId, onSaved }: { documentId: string; onSaved: (name: string) => void }) {
  const { values, errors, setErrors, isPending, run, fields } = useTemplateForm({ name: "", description: "" });

  const handleSubmit = () => {
    // The server's own rules, checked first so a blank name costs no round trip.
    const parsedName = TemplateNameField.safeParse(values.name);
    const parsedDescription = TemplateDescriptionField.safeParse(values.description);
    if (!parsedName.success || !parsedDescription.success) {
      return setErrors({ name: parsedName.error?.issues[0]?.message, description: parsedDescription.error?.issues[0]?.message });
    }
    run(
      () => saveDocumentAsTemplateAction({ documentId, name: parsedName.data, description: parsedDescription.data }),
      (template) => onSaved(template.name),
    );
  };

  return (
    <DialogForm submitLabel="Save template" isPending={isPending} formError={errors.form} onSubmit={handleSubmit}>
      <TemplateFields {...fields} />
    </DialogForm>
  );
}
