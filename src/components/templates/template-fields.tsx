import { Field } from "@/components/ui/field";
import { MAX_TEMPLATE_DESCRIPTION_CHARS, MAX_TEMPLATE_NAME_CHARS } from "@/shared/schemas/template";

export interface TemplateFieldErrors {
  name?: string;
  description?: string;
  form?: string;
}

/**
 * A template's name and description with their errors, as creating, saving and renaming a
 * template ask for them. Editing either clears the errors: they described what was sent.
 * The inputs take a little more than the limit, so the server's message says what is too long.
 */
export function TemplateFields({
  name,
  description,
  errors,
  onChange,
  idPrefix,
}: {
  name: string;
  description: string;
  errors: TemplateFieldErrors;
  onChange: (values: { name: string; description: string }) => void;
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
        value={name}
        maxLength={MAX_TEMPLATE_NAME_CHARS + 20}
        error={errors.name}
        onChange={(event) => onChange({ name: event.target.value, description })}
      />
      <Field
        name="description"
        {...(idPrefix ? { id: `${idPrefix}-description` } : {})}
        label="Description (optional)"
        autoComplete="off"
        value={description}
        maxLength={MAX_TEMPLATE_DESCRIPTION_CHARS + 20}
        error={errors.description}
        onChange={(event) => onChange({ name, description: event.target.value })}
      />
      {errors.form ? (
        <p role="alert" className="text-sm text-danger">
          {errors.form}
        </p>
      ) : null}
    </>
  );
}
