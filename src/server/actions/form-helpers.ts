import type { z } from "zod";
import type { FormState } from "@/shared/form-state";
import { AppError, fieldErrorsFrom } from "@/server/errors";

/**
 * The string fields of a form submission (files and repeated keys are ignored). An action's
 * arguments arrive as the client encoded them, so a crafted call may pass anything: what is not
 * a FormData has no fields, and the schema then says which are missing.
 */
export function formValues(formData: unknown, keys: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  if (!(formData instanceof FormData)) return values;
  for (const key of keys) {
    const value = formData.get(key);
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

/** Parses form values with `schema`, or returns the FormState that shows each field's message. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, string>,
  echo: Record<string, string>,
): { data: z.infer<S> } | { state: FormState } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  return { state: { fields: fieldErrorsFrom(parsed.error), values: echo } };
}

/** Turns an expected service failure into FormState; unexpected errors are rethrown to error.tsx. */
export function formStateFromError(error: unknown, echo: Record<string, string>): FormState {
  if (!(error instanceof AppError)) throw error;
  const { _: formMessage, ...fields } = error.fields ?? {};
  return {
    message: formMessage ?? (error.fields ? undefined : error.message),
    fields,
    values: echo,
    code: error.code,
  };
}
