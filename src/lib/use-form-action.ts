"use client";

import { useState, useTransition } from "react";
import type { ActionResult } from "@/shared/api-error";
import { reachServer } from "./reach-server";

/** A form's errors: one per field it shows, and `form` for a failure that names none of them. */
export type FormErrors<F extends string> = Partial<Record<F | "form", string>>;

/**
 * The one way a form of a few fields runs its server action (the dialogs of components/ui/form-dialog.tsx,
 * Settings → Templates' "New template"): in a transition (`isPending` meanwhile), through reachServer, and
 * a failure becomes the errors of the named fields it names, or the form's error (the action's message)
 * when it names none of them. `done` gets the action's data on success.
 */
export function useFormAction<F extends string>(fields: readonly F[]) {
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [isPending, startTransition] = useTransition();

  function run<T>(action: () => Promise<ActionResult<T>>, done: (data: T) => void): void {
    startTransition(async () => {
      const result = await reachServer(action);
      if (!result.ok) return setErrors(formErrorsOf(result, fields));
      done(result.data);
    });
  }

  return { errors, setErrors, isPending, run };
}

/** A failed action's errors for a form that shows `fields`: theirs, or else its message for the whole form. */
export function formErrorsOf<F extends string>(result: { message: string; fields?: Record<string, string> }, fields: readonly F[]): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const field of fields) if (result.fields?.[field]) errors[field] = result.fields[field];
  if (!fields.some((field) => errors[field])) errors.form = result.message;
  return errors;
}
