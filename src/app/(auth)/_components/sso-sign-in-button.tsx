"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { startSsoSignInAction } from "@/server/actions/sso-actions";
import { reachForm } from "@/lib/reach-server";
import type { FormState } from "@/shared/form-state";

/** "Sign in with <label>": the instance's provider, or a workspace's when `workspace` is its slug. */
export function SsoSignInButton({ label, workspace, next }: { label: string; workspace?: string; next?: string }) {
  const [state, formAction] = useActionState(reachForm(startSsoSignInAction), {} as FormState);
  return (
    <form action={formAction} className="mt-6 flex flex-col gap-2">
      {workspace ? <input type="hidden" name="workspace" value={workspace} /> : null}
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <SubmitButton pendingLabel="Opening…">Sign in with {label}</SubmitButton>
      <FormMessage error={state.message} />
    </form>
  );
}
