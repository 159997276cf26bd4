"use client";

import { useState } from "react";
import { Field } from "@/components/ui/field";
import { useFormAction } from "@/lib/use-form-action";
import { MAX_TEMPLATE_DESCRIPTION_CHARS, MAX_TEMPLATE_NAME_CHARS } from "@/shared/schemas/template";

export interface TemplateFieldValues {
  name: string;
  description: string;
}

/**
 * A form of a template's name and description (creating, saving and renaming a template): the
 * values, useFormAction's errors, pending state and `run`, and `fields`, the props of
 * <TemplateFields>. Editing either field clears the errors: they described what was sent.
 */
export function useTemplateForm(initial: TemplateFieldValues) {
  const [values, setValues] = useState(initial);
  const form = useFormAction(["name", "description"]);
  const onChange = (edited: TemplateFieldValues) => {
    setValues(edited);
    form.setErrors({});
  };
  return { ...form, values, fields: { values, errors: form.errors, onChange } };
}

/**
 * A template's name and description with their errors (useTemplateForm's `fields`); the form
 * shows its own error about the whole form. The inputs take a little more than the limit, so the
 * server's message says what is too long.
 */
export function TemplateFields({
  values,
  errors,
  onChange,
  idPrefix,
}: {
  values: TemplateFieldValues;
  errors: { name?: string; description?: string };
  onChange: (values: TemplateFieldValues) => void;
  /** For ids unique on the page, where two such forms can be open at once. */
  idPrefix?: string;
}) {
  return (
    <>
      <Field
        name="name"
        {...(idPrefix ? { id: `${idPrefix}-name` } : {})}
        label="Template name"
        autoComplete="off"
        value={values.name}
        maxLength={MAX_TEMPLATE_NAME_CHARS + 20}
        error={errors.name}
        onChange={(event) => onChange({ ...values, name: event.target.value })}
      />
      <Field
        name="description"
        {...(idPrefix ? { id: `${idPrefix}-description` } : {})}
        label="Description (optional)"
        autoComplete="off"
        value={values.description}
        maxLength={MAX_TEMPLATE_DESCRIPTION_CHARS + 20}
        error={errors.description}
        onChange={(event) => onChange({ ...values, description: event.target.value })}
      />
    </>
  );
}
