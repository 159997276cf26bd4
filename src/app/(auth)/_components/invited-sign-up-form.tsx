"use client";

import { useActionState, useRef } from "react";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import { signUpFromInvitationAction } from "@/server/actions/auth-actions";
import type { FormState } from "@/shared/form-state";

/** Sign-up for an invited address: no workspace fields, the invited workspace is joined instead. */
export function InvitedSignUpForm({ token, email }: { token: string; email: string }) {
  const [state, formAction] = useActionState(signUpFromInvitationAction, {} as FormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  const values = state.values ?? {};
  return (
    <form ref={formRef} action={formAction} className="mt-6 flex flex-col gap-4" noValidate>
      <input type="hidden" name="token" value={token} />
      <Field name="name" label="Your name" autoComplete="name" required maxLength={80} defaultValue={values.name} error={state.fields?.name} />
      {/* The invitation is for this address; it can't be changed here. */}
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        readOnly
        value={email}
        error={state.fields?.email}
        hint="The invitation was sent to this address."
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        error={state.fields?.password}
        hint="At least 8 characters."
      />
      <FormMessage error={state.message} />
      <SubmitButton pendingLabel="Creating your account…">Create account and join</SubmitButton>
    </form>
  );
}
