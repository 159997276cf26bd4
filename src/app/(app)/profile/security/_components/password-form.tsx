"use client";

import { useActionState, useRef } from "react";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import { changePasswordAction } from "@/server/actions/security-actions";
import { reachForm } from "@/lib/reach-server";
import type { FormState } from "@/shared/form-state";

/** The current password, a new one (sign-up's rules), and whether to sign the other sessions out. */
export function PasswordForm() {
  const [state, formAction] = useActionState(reachForm(changePasswordAction), {} as FormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  return (
    <section aria-labelledby="password-heading" className="rounded-xl border border-border bg-raised p-5 shadow-sm sm:p-6">
      <h2 id="password-heading" className="text-lg font-semibold">
        Password
      </h2>
      {/* Keyed on success so a saved form starts empty: passwords never come back from the server. */}
      <form key={state.success ?? ""} ref={formRef} action={formAction} noValidate className="mt-4 flex flex-col gap-4">
        <Field name="currentPassword" type="password" label="Current password" autoComplete="current-password" required error={state.fields?.currentPassword} />
        <Field
          name="newPassword"
          type="password"
          label="New password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          error={state.fields?.newPassword}
          hint="At least 8 characters."
        />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="signOutOthers" defaultChecked className="mt-0.5 size-4 accent-[var(--color-accent)]" />
          <span>Sign out everywhere else (every other device and browser)</span>
        </label>
        <FormMessage error={state.message} success={state.success} />
        <div>
          <SubmitButton pendingLabel="Changing…">Change password</SubmitButton>
        </div>
      </form>
    </section>
  );
}
