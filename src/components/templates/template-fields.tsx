import { Field } from "@/components/ui/field";
import { MAX_TEMPLATE_DESCRIPTION_CHARS, MAX_TEMPLATE_NAME_CHARS } from "@/shared/schemas/template";

export interface TemplateFieldValues {
  name: string;
  description: string;
}

/**
 * A template's name and description with their errors, as creating, saving and renaming a
 * template ask for them; the form shows its own error about the whole form. The inputs take a
 * little more than the limit, so the server's message says what is too long.
 */
export function TemplateFields({
  values,
  errors,
  onChange,
  idPrefix,
}: {
  values: TemplateFieldValues;
  errors: { name?: string; description?: string };
  /** Called on every edit; the caller clears the errors, since they described what was sent. */
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
