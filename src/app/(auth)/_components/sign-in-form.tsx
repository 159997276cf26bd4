"use client";

import Link from "next/link";
import { useActionState, useRef } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { signInAction } from "@/server/actions/auth-actions";
import { reachForm } from "@/lib/reach-server";
import type { FormState } from "@/shared/form-state";
import { useFocusFirstError } from "@/lib/use-focus-first-error";

export function SignInForm({ next }: { next: string }) {
  const [state, formAction] = useActionState(reachForm(signInAction), {} as FormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  return (
    <form ref={formRef} action={formAction} className="mt-6 flex flex-col gap-4" noValidate>
      <input type="hidden" name="next" value={state.values?.next ?? next} />
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.values?.email}
        error={state.fields?.email}
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={state.fields?.password}
        hint={
          <Link href="/forgot-password" className="text-accent underline-offset-2 hover:underline">
            Forgot password?
          </Link>
        }
      />
      <FormMessage error={state.message} />
      <SubmitButton pendingLabel="Signing in…">Sign in</SubmitButton>
    </form>
  );
}
