"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { assertPasskey } from "@/lib/webauthn";
import { passkeySignInAction, passkeySignInOptionsAction } from "@/server/actions/auth-actions";
import { reachServer } from "@/lib/reach-server";

/** "Sign in with a passkey": the browser asks for any passkey of this site, and its account signs in. */
export function PasskeySignInButton({ next }: { next: string }) {
  const [isPending, startTransition] = useTransition();
  const [error, setError] = useState<string | undefined>();
  const signIn = () => {
    setError(undefined);
    startTransition(async () => {
      const options = await reachServer(() => passkeySignInOptionsAction());
      if (!options.ok) return setError(options.message);
      const answer = await assertPasskey(options.data);
      if ("error" in answer) return setError(answer.error);
      // On success the action redirects; a value back is a refusal.
      const result = await reachServer(() => passkeySignInAction({ response: answer.response }, next));
      if (!result.ok) setError(result.message);
    });
  };
  return (
    <div className="flex flex-col gap-3">
      <Button variant="secondary" onClick={signIn} disabled={isPending}>
        {isPending ? "Waiting for the passkey…" : "Sign in with a passkey"}
      </Button>
      <FormMessage error={error} />
    </div>
  );
}
