import type { z } from "zod";
import type { FormState } from "@/shared/form-state";
import { AppError, databaseMessageOf, fieldErrorsFrom, inputErrorOf } from "@/server/errors";

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

/**
 * Turns an expected service failure (or a database error input caused: refusedInput) into FormState; unexpected errors are rethrown to error.tsx.
 */
export function formStateFromError(error: unknown, echo: Record<string, string>): FormState {
  const expected = error instanceof AppError ? error : refusedInput(error);
  if (!expected) throw error;
  const { _: formMessage, ...fields } = expected.fields ?? {};
  return {
    message: formMessage ?? (expected.fields ? undefined : expected.message),
    fields,
    values: echo,
    code: expected.code,
  };
}

/**
 * inputErrorOf for an action (a NUL byte or a date past what PostgreSQL holds: `bad_request`),
 * logged, since it is the client's fault but one a schema should have refused first.
 */
export function refusedInput(error: unknown): AppError | null {
  const refused = inputErrorOf(error);
  if (refused) console.warn(`[action] input refused by the database, not by a check: ${databaseMessageOf(error)}`);
  return refused;
}
