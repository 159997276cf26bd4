"use client";

import { useActionState, useRef } from "react";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import { resetPasswordAction } from "@/server/actions/auth-actions";
import { reachForm } from "@/lib/reach-server";
import type { FormState } from "@/shared/form-state";

/** The new password for the account the link's token names; success goes on to sign in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [state, formAction] = useActionState(reachForm(resetPasswordAction), {} as FormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  return (
    <form ref={formRef} action={formAction} className="mt-6 flex flex-col gap-4" noValidate>
      <input type="hidden" name="token" value={token} />
      <Field
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        error={state.fields?.newPassword}
        hint="At least 8 characters."
      />
      <FormMessage error={state.message} />
      <SubmitButton pendingLabel="Saving…">Set new password</SubmitButton>
    </form>
  );
}
