"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { LocalTime } from "@/components/time/local-time";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormMessage } from "@/components/ui/form-message";
import { removeSignInMethodAction } from "@/server/actions/security-actions";
import { reachServer } from "@/lib/reach-server";
import type { SignInMethodDto } from "@/shared/dto";

/**
 * The ways into the account besides passkeys: the password, the server's single sign-on, and each
 * workspace's own sign-in provider, which can be removed (services/accounts/remove-sign-in-method.ts).
 */
export function SignInMethods({ methods }: { methods: SignInMethodDto[] }) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const [removing, setRemoving] = useState<SignInMethodDto | null>(null);

  const onRemove = (method: SignInMethodDto) => {
    setRemoving(null);
    setError(undefined);
    setStatus(undefined);
    startTransition(async () => {
      const result = await reachServer(() => removeSignInMethodAction({ methodId: method.id }));
      if (result.ok) {
        const others = result.data.signedOutOthers;
        setStatus(`Removed ${method.name}: it no longer signs in to your account.${others > 0 ? ` ${others === 1 ? "1 other session was" : `${others} other sessions were`} signed out.` : ""}`);
      } else {
        if (result.code === "unauthenticated") router.push("/login?next=/profile/security");
        setError(result.message);
      }
      router.refresh();
    });
  };

  return (
    <section id="sign-in-methods" aria-labelledby="sign-in-methods-heading" data-testid="sign-in-methods" className="rounded-xl border border-border bg-raised p-5 shadow-sm sm:p-6">
      <h2 id="sign-in-methods-heading" className="text-lg font-semibold">
        Sign-in methods
      </h2>
      <p className="mt-1 text-sm text-muted">
        {"Every way into your account besides passkeys. Remove a workspace's sign-in provider you don't recognise: it could sign in as you."}
      </p>
      <ul className="mt-4 divide-y divide-border rounded-lg border border-border">
        {methods.map((method) => (
          <li key={method.id} data-testid="sign-in-method" className="flex flex-wrap items-center gap-3 px-3 py-3">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium">{method.name}</p>
              <p className="text-muted">
                {method.detail} Added <LocalTime value={method.linkedAt} style="date" />.
              </p>
            </div>
            {method.removable ? (
              <Button variant="secondary" disabled={isPending} onClick={() => setRemoving(method)}>
                Remove<span className="sr-only"> {method.name}</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="mt-3">
        <FormMessage error={error} success={status} />
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this sign-in method?"
        description={`${removing?.name ?? ""} will no longer sign in to your account, and it can't be added back: a workspace's provider signs in only the accounts it made. Every other session of yours is signed out too. Workspaces you belong to keep you as a member.`}
        confirmLabel="Remove sign-in method"
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && onRemove(removing)}
      />
    </section>
  );
}
