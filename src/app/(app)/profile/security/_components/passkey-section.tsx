"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { FormEvent } from "react";
import { LocalTime } from "@/components/time/local-time";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { createPasskey } from "@/lib/webauthn";
import { addPasskeyAction, passkeyRegistrationOptionsAction, removePasskeyAction, renamePasskeyAction } from "@/server/actions/passkey-actions";
import { reachServer } from "@/lib/reach-server";
import type { ActionResult, FieldErrors } from "@/shared/api-error";
import type { PasskeyDto } from "@/shared/dto";

/**
 * The person's passkeys (docs/product.md "Account security"): add one under a name (the browser
 * creates it), rename or remove one. `usableHere` is false when this address is not the one
 * passkeys are bound to (PUBLIC_URL's host), where the browser would refuse to make one.
 */
export function PasskeySection({ passkeys, usableHere }: { passkeys: PasskeyDto[]; usableHere: boolean }) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const [fields, setFields] = useState<FieldErrors>({});
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PasskeyDto | null>(null);

  function finish<T>(result: ActionResult<T>, done: string): boolean {
    if (result.ok) {
      setStatus(done);
      router.refresh();
      return true;
    }
    if (result.code === "unauthenticated") router.push("/login?next=/profile/security");
    setFields(result.fields ?? {});
    if (!result.fields) setError(result.message);
    return false;
  }

  function reset() {
    setError(undefined);
    setStatus(undefined);
    setFields({});
  }

  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("passkeyName") ?? "").trim();
    reset();
    if (!name) return setFields({ name: "Name the passkey, like “Work laptop”." });
    startTransition(async () => {
      const options = await reachServer(() => passkeyRegistrationOptionsAction());
      if (!options.ok) return void finish(options, "");
      const created = await createPasskey(options.data);
      if ("error" in created) return setError(created.error);
      if (finish(await reachServer(() => addPasskeyAction({ response: created.response, name })), `Added the passkey “${name}”.`)) form.reset();
    });
  };

  const onRename = (event: FormEvent<HTMLFormElement>, passkey: PasskeyDto) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    reset();
    startTransition(async () => {
      if (finish(await reachServer(() => renamePasskeyAction({ passkeyId: passkey.id, name })), `Renamed the passkey to “${name.trim()}”.`)) setRenaming(null);
    });
  };

  const onRemove = (passkey: PasskeyDto) => {
    setRemoving(null);
    reset();
    startTransition(async () => {
      finish(await reachServer(() => removePasskeyAction({ passkeyId: passkey.id })), `Removed the passkey “${passkey.name}”.`);
    });
  };

  return (
    <section aria-labelledby="passkeys-heading" data-testid="passkeys" className="rounded-xl border border-border bg-raised p-5 shadow-sm sm:p-6">
      <h2 id="passkeys-heading" className="text-lg font-semibold">
        Passkeys
      </h2>
      <p className="mt-1 text-sm text-muted">Sign in with your fingerprint, face or device PIN instead of a password. A passkey stays on your device or in your password manager.</p>
      {passkeys.length > 0 ? (
        <ul className="mt-4 divide-y divide-border rounded-lg border border-border">
          {passkeys.map((passkey) => (
            <li key={passkey.id} data-testid="passkey" className="flex flex-wrap items-center gap-3 px-3 py-3">
              {renaming === passkey.id ? (
                <form onSubmit={(event) => onRename(event, passkey)} noValidate className="flex flex-1 flex-wrap items-end gap-3">
                  <Field name="name" id={`field-passkey-${passkey.id}`} label="New name" defaultValue={passkey.name} maxLength={60} required error={fields.name} className="min-w-48 flex-1" />
                  <Button type="submit" disabled={isPending}>
                    Save
                  </Button>
                  <Button variant="secondary" onClick={() => setRenaming(null)}>
                    Cancel
                  </Button>
                </form>
              ) : (
                <>
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium">{passkey.name}</p>
                    <p className="text-muted">
                      Added <LocalTime value={passkey.createdAt} style="date" />
                      {passkey.backedUp ? " · Synced to your other devices" : null}
                    </p>
                  </div>
                  <Button variant="secondary" disabled={isPending} onClick={() => (reset(), setRenaming(passkey.id))}>
                    Rename<span className="sr-only"> {passkey.name}</span>
                  </Button>
                  <Button variant="secondary" disabled={isPending} onClick={() => setRemoving(passkey)}>
                    Remove<span className="sr-only"> {passkey.name}</span>
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm">You have no passkeys yet.</p>
      )}
      {usableHere ? (
        <form onSubmit={onAdd} noValidate className="mt-4 flex flex-wrap items-end gap-3">
          <Field name="passkeyName" label="Name for a new passkey" placeholder="Work laptop" maxLength={60} required error={renaming ? undefined : fields.name} className="min-w-48 flex-1" />
          <Button type="submit" disabled={isPending}>
            {isPending ? "Waiting for the passkey…" : "Add a passkey"}
          </Button>
        </form>
      ) : (
        <p className="mt-4 text-sm">Passkeys can be added only at this server’s public address (its PUBLIC_URL setting), not at this one.</p>
      )}
      <div className="mt-3">
        <FormMessage error={error} success={status} />
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this passkey?"
        description={`“${removing?.name ?? ""}” will no longer sign you in. Remove it from the device or password manager too.`}
        confirmLabel="Remove passkey"
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && onRemove(removing)}
      />
    </section>
  );
}
