"use client";

import { useActionState, useRef } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { WorkspaceFields } from "@/components/workspace-fields";
import { signUpAction } from "@/server/actions/auth-actions";
import { reachForm } from "@/lib/reach-server";
import type { FormState } from "@/shared/form-state";
import { useFocusFirstError } from "@/lib/use-focus-first-error";

/**
 * The sign-up form. Without an invitation it asks for the first workspace too; with one, the
 * address is the invited one (read-only) and the inviting workspace is joined instead.
 */
export function SignUpForm({ invitation }: { invitation?: { token: string; email: string } }) {
  const [state, formAction] = useActionState(reachForm(signUpAction), {} as FormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  const values = state.values ?? {};
  return (
    <form ref={formRef} action={formAction} className="mt-6 flex flex-col gap-4" noValidate>
      {invitation ? <input type="hidden" name="token" value={invitation.token} /> : null}
      <Field name="name" label="Your name" autoComplete="name" required maxLength={80} defaultValue={values.name} error={state.fields?.name} />
      {invitation ? (
        // The invitation is for this address; it can't be changed here.
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          readOnly
          value={invitation.email}
          error={state.fields?.email}
          hint="The invitation was sent to this address."
        />
      ) : (
        <Field name="email" label="Email" type="email" autoComplete="email" required maxLength={254} defaultValue={values.email} error={state.fields?.email} />
      )}
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
      {invitation ? null : (
        <fieldset className="flex flex-col gap-4 border-t border-border pt-4">
          <legend className="pr-2 text-sm text-muted">Your first workspace</legend>
          {/* Remounts with the submitted values after an error, so nothing typed is lost. */}
          <WorkspaceFields
            key={JSON.stringify(values)}
            names={{ name: "workspaceName", slug: "workspaceSlug" }}
            defaults={{ name: values.workspaceName, slug: values.workspaceSlug }}
            errors={{ name: state.fields?.workspaceName, slug: state.fields?.workspaceSlug }}
          />
        </fieldset>
      )}
      <FormMessage error={state.message} />
      <SubmitButton pendingLabel="Creating your account…">{invitation ? "Create account and join" : "Create account"}</SubmitButton>
    </form>
  );
}
