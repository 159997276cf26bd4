"use client";

import { useRouter } from "next/navigation";
import { useActionState, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyField } from "@/components/ui/copy-field";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import { removeSsoProviderAction, saveSsoProviderAction } from "@/server/actions/sso-actions";
import { reachForm, reachServer } from "@/lib/reach-server";
import type { FormState } from "@/shared/form-state";
import { ROLE_LABELS } from "@/shared/roles";
import { SSO_DEFAULT_ROLES } from "@/shared/schemas/sso";

/** The saved provider as the page shows it: never its secret. */
export interface SsoProviderView {
  label: string;
  issuer: string;
  clientId: string;
  allowedDomains: string[];
  defaultRole: (typeof SSO_DEFAULT_ROLES)[number];
}

/** Settings → Authentication: the workspace's OpenID Connect provider (docs/product.md "Single sign-on"). */
export function AuthenticationSettings({
  workspaceId,
  provider,
  redirectUri,
  signInLink,
}: {
  workspaceId: string;
  provider: SsoProviderView | null;
  redirectUri: string;
  signInLink: string;
}) {
  const [state, formAction] = useActionState(reachForm(saveSsoProviderAction), {} as FormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  const values = { ...(provider ? { ...provider, allowedDomains: provider.allowedDomains.join(", ") } : {}), ...state.values };
  const role = values.defaultRole ?? "editor";
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="sso-heading" className="flex flex-col gap-4">
        <div>
          <h2 id="sso-heading" className="text-lg font-medium">
            Single sign-on
          </h2>
          <p className="text-sm text-muted">
            People sign in through your OpenID Connect provider. Someone signing in for the first time joins this workspace with
            the role below. Register Quire at the provider with this redirect address:
          </p>
        </div>
        <CopyField label="Redirect URI" isLabelVisible value={redirectUri} noun="address" />
        <form ref={formRef} action={formAction} className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="workspaceId" value={workspaceId} />
          <div key={JSON.stringify(state)} className="flex flex-col gap-4">
            <Field name="label" label="Button label" required maxLength={60} defaultValue={values.label} error={state.fields?.label} hint="The button says “Sign in with …”." />
            <Field name="issuer" label="Issuer URL" type="url" required defaultValue={values.issuer} error={state.fields?.issuer} hint="Quire reads /.well-known/openid-configuration under it." />
            <Field name="clientId" label="Client ID" required autoComplete="off" defaultValue={values.clientId} error={state.fields?.clientId} />
            <Field
              name="clientSecret"
              label="Client secret"
              type="password"
              autoComplete="new-password"
              required={!provider}
              error={state.fields?.clientSecret}
              hint={provider ? "Saved and never shown again. Leave empty to keep it." : "Stored encrypted and never shown again."}
            />
            <Field
              name="allowedDomains"
              label="Allowed email domains (optional)"
              autoComplete="off"
              defaultValue={values.allowedDomains}
              error={state.fields?.allowedDomains}
              hint="Comma-separated, e.g. example.com. Empty: anyone the provider signs in."
            />
            <div className="flex flex-col gap-1.5">
              <label htmlFor="field-defaultRole" className="text-sm font-medium">
                Role of people who join by signing in
              </label>
              <select id="field-defaultRole" name="defaultRole" defaultValue={role} className="min-h-10 rounded-md border border-input-border bg-raised px-3 text-base text-fg sm:text-sm">
                {SSO_DEFAULT_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {ROLE_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <FormMessage error={state.message} success={state.success} />
          <div>
            <SubmitButton pendingLabel="Saving…">{provider ? "Save changes" : "Add provider"}</SubmitButton>
          </div>
        </form>
      </section>
      {provider ? <SignInLink workspaceId={workspaceId} signInLink={signInLink} /> : null}
    </div>
  );
}

function SignInLink({ workspaceId, signInLink }: { workspaceId: string; signInLink: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const [isPending, startTransition] = useTransition();
  const remove = () =>
    startTransition(async () => {
      const result = await reachServer(() => removeSsoProviderAction({ workspaceId }));
      setConfirming(false);
      if (!result.ok) setError(result.message);
      else router.refresh();
    });
  return (
    <section aria-labelledby="sso-link-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="sso-link-heading" className="text-lg font-medium">
          Sign-in link
        </h2>
        <p className="text-sm text-muted">Share it with your team: it offers this workspace&apos;s sign-in button.</p>
      </div>
      <CopyField label="Sign-in link" value={signInLink} noun="link" testId="sso-sign-in-link" />
      <FormMessage error={error} />
      <div>
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={isPending}>
          Remove provider
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Remove single sign-on?"
        description="The sign-in link stops working at once. Members keep their accounts and their roles."
        confirmLabel="Remove provider"
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
