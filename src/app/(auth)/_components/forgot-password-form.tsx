"use client";

import { useActionState, useRef } from "react";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import { requestPasswordResetAction } from "@/server/actions/auth-actions";
import { reachForm } from "@/lib/reach-server";
import type { FormState } from "@/shared/form-state";

/** The address to send a reset link to; the answer never says whether an account has it. */
export function ForgotPasswordForm() {
  const [state, formAction] = useActionState(reachForm(requestPasswordResetAction), {} as FormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  return (
    <form ref={formRef} action={formAction} className="mt-6 flex flex-col gap-4" noValidate>
      <Field
        key={`email-${state.success ?? ""}`}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={state.values?.email}
        error={state.fields?.email}
      />
      <FormMessage error={state.message} success={state.success} />
      <SubmitButton pendingLabel="Sending…">Send reset link</SubmitButton>
    </form>
  );
}
