"use client";

import { useActionState, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import { verifyTwoFactorSignInAction } from "@/server/actions/auth-actions";
import { reachForm } from "@/lib/reach-server";
import type { FormState } from "@/shared/form-state";

/** The code from the authenticator app, or, switched to, one backup code. */
export function TwoFactorSignInForm({ next }: { next: string }) {
  const [state, formAction] = useActionState(reachForm(verifyTwoFactorSignInAction), {} as FormState);
  const [method, setMethod] = useState<"totp" | "backup">(state.values?.method === "backup" ? "backup" : "totp");
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  const isBackup = method === "backup";
  return (
    <form ref={formRef} action={formAction} className="mt-6 flex flex-col gap-4" noValidate>
      <p className="text-sm text-muted">
        {isBackup ? "Enter one of the backup codes you saved when you turned two-factor on. Each works once." : "Enter the 6-digit code your authenticator app shows for Quire."}
      </p>
      <input type="hidden" name="next" value={state.values?.next ?? next} />
      <input type="hidden" name="method" value={method} />
      <Field
        key={method}
        name="code"
        label={isBackup ? "Backup code" : "Code from the app"}
        inputMode={isBackup ? "text" : "numeric"}
        autoComplete={isBackup ? "off" : "one-time-code"}
        autoFocus
        required
        maxLength={isBackup ? 40 : 7}
        error={state.values?.method === method ? state.fields?.code : undefined}
      />
      <FormMessage error={state.message} />
      <SubmitButton pendingLabel="Checking…">Verify</SubmitButton>
      <Button variant="ghost" onClick={() => setMethod(isBackup ? "totp" : "backup")}>
        {isBackup ? "Use a code from the app instead" : "Use a backup code instead"}
      </Button>
    </form>
  );
}
