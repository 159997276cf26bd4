"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { acceptInvitationAction } from "@/server/actions/member-actions";
import { reachForm } from "@/lib/reach-server";
import type { FormState } from "@/shared/form-state";

/** The signed-in invitee's "Join" button; a link that stopped working meanwhile shows why. */
export function AcceptInvitationForm({ token, workspaceName }: { token: string; workspaceName: string }) {
  const [state, formAction] = useActionState(reachForm(acceptInvitationAction), {} as FormState);
  return (
    <form action={formAction} className="mt-6 flex flex-col gap-4">
      <input type="hidden" name="token" value={token} />
      <FormMessage error={state.message} />
      <div>
        <SubmitButton pendingLabel="Joining…">Join {workspaceName}</SubmitButton>
      </div>
    </form>
  );
}
