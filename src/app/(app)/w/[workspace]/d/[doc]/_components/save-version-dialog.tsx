"use client";

import { DialogForm, FormDialog } from "@/components/ui/form-dialog";
import { Field } from "@/components/ui/field";
import { useFormAction } from "@/lib/use-form-action";
import { saveVersionAction } from "@/server/actions/revision-actions";
import { MAX_VERSION_NAME_CHARS, VersionNameField } from "@/shared/schemas/revision";
import { useState } from "react";

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
  // Closed, after saving too, focus goes back to the "Document actions" button (the notice at the window's foot says so).
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save version"
      description="Keep the document as it is now under a name. You can compare with it or restore it from the version history."
    >
      <SaveVersionForm
        documentId={documentId}
        onSaved={(name) => {
          onOpenChange(false);
          onSaved(name);
        }}
      />
    </FormDialog>
  );
}

function SaveVersionForm({ documentId, onSaved }: { documentId: string; onSaved: (name: string) => void }) {
  const [name, setName] = useState("");
  const { errors, setErrors, isPending, run } = useFormAction(["name"]);

  const handleSubmit = () => {
    // The same rule the server applies, checked first so a blank name costs no round trip.
    const parsed = VersionNameField.safeParse(name);
    // A message about the whole form stays until the server answers again, here and while typing.
    if (!parsed.success) return setErrors(({ form }) => ({ form, name: parsed.error.issues[0]?.message }));
    run(
      () => saveVersionAction({ documentId, name: parsed.data }),
      () => onSaved(parsed.data),
    );
  };

  return (
    <DialogForm submitLabel="Save version" isPending={isPending} formError={errors.form} onSubmit={handleSubmit}>
      <Field
        name="name"
        label="Version name"
        value={name}
        maxLength={MAX_VERSION_NAME_CHARS + 20}
        autoComplete="off"
        error={errors.name}
        hint={`Up to ${MAX_VERSION_NAME_CHARS} characters.`}
        onChange={(event) => {
          setName(event.target.value);
          setErrors(({ form }) => ({ form }));
        }}
      />
    </DialogForm>
  );
}
