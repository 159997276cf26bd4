"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { setTwoFactorRequirementAction } from "@/server/actions/workspace-actions";
import { reachServer } from "@/lib/reach-server";

/**
 * Settings → General → "Require two-factor authentication" (admins and owners): saved as soon as
 * it is ticked; members without two-factor are sent to turn it on when they next open the workspace,
 * except accounts without a password (policies/workspace-policy.ts `mustEnrolTwoFactor`).
 */
export function TwoFactorRequirementSettings({ workspaceId, required }: { workspaceId: string; required: boolean }) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const onChange = (next: boolean) => {
    setError(undefined);
    setStatus(undefined);
    startTransition(async () => {
      const result = await reachServer(() => setTwoFactorRequirementAction({ workspaceId, required: next }));
      if (!result.ok) return setError(result.message);
      setStatus(next ? "Saved. Members who sign in with a password and have no two-factor authentication will be asked to turn it on." : "Saved. Two-factor authentication is no longer required.");
      router.refresh();
    });
  };
  return (
    <section aria-labelledby="two-factor-requirement-heading" className="flex max-w-md flex-col gap-3 border-t border-border pt-6">
      <h2 id="two-factor-requirement-heading" className="font-semibold">
        Sign-in security
      </h2>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={required}
          disabled={isPending}
          onChange={(event) => onChange(event.currentTarget.checked)}
          className="mt-0.5 size-4 accent-[var(--color-accent)]"
          aria-describedby="two-factor-requirement-hint"
        />
        <span>Require two-factor authentication</span>
      </label>
      <p id="two-factor-requirement-hint" className="text-sm text-muted">
        Members who sign in with a password must turn it on before they can open this workspace. Accounts made by single sign-on have no password and are let in: their provider&apos;s own
        checks apply. If you sign in with a password, turn it on for your own account first.
      </p>
      <FormMessage error={error} success={status} />
    </section>
  );
}
