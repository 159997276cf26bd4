"use client";

import { useActionState, useRef } from "react";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import { changeEmailAction } from "@/server/actions/profile-actions";
import { reachForm } from "@/lib/reach-server";
import type { FormState } from "@/shared/form-state";
import { EMAIL_CONFIRMED_MESSAGE, EMAIL_LINK_FAILED_MESSAGE } from "@/shared/email-change";
import { EMAIL_FROM_PROVIDER_MESSAGE } from "@/shared/passwordless";

/**
 * A new sign-in address, confirmed with the current password. With SMTP it changes once the
 * emailed link is opened; without, at once, and the page says the address goes unverified. An
 * account without a password (`passwordless`) has nothing to confirm with: the section says why
 * in the form's place.
 */
export function EmailForm({
  currentEmail,
  canSendEmail,
  emailLink,
  passwordless,
}: {
  currentEmail: string;
  canSendEmail: boolean;
  /** The emailed confirmation link was just opened: it changed the address, or it failed. */
  emailLink: "confirmed" | "failed" | null;
  passwordless: boolean;
}) {
  return (
    <section aria-labelledby="email-heading" className="rounded-xl border border-border bg-raised p-5 shadow-sm sm:p-6">
      <h2 id="email-heading" className="text-lg font-semibold">
        Email
      </h2>
      <p className="mt-1 break-words text-sm text-muted">
        You sign in with <span className="font-medium text-fg">{currentEmail}</span>.
      </p>
      {passwordless ? <p className="mt-2 text-sm text-muted">{EMAIL_FROM_PROVIDER_MESSAGE}</p> : <ChangeEmail canSendEmail={canSendEmail} emailLink={emailLink} />}
    </section>
  );
}

function ChangeEmail({ canSendEmail, emailLink }: { canSendEmail: boolean; emailLink: "confirmed" | "failed" | null }) {
  const [state, formAction] = useActionState(reachForm(changeEmailAction), {} as FormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  return (
    <>
      <p className="mt-2 text-sm text-muted">
        {canSendEmail
          ? "We'll email a link to the new address; your email changes when you open it."
          : "This server doesn't send email, so your email changes as soon as you save, without a message to confirm the new address. Check it carefully."}
      </p>
      {emailLink === "confirmed" && !state.success ? (
        <p role="status" className="mt-2 text-sm text-success">
          {EMAIL_CONFIRMED_MESSAGE}
        </p>
      ) : null}
      {emailLink === "failed" && !state.success ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {EMAIL_LINK_FAILED_MESSAGE}
        </p>
      ) : null}
      <form ref={formRef} action={formAction} noValidate className="mt-4 flex flex-col gap-4">
        <Field
          key={`email-${state.success ?? ""}`}
          name="email"
          type="email"
          label="New email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={state.values?.email ?? ""}
          error={state.fields?.email}
        />
        <Field
          name="currentPassword"
          type="password"
          label="Current password"
          autoComplete="current-password"
          required
          error={state.fields?.currentPassword}
          hint="To make sure it's you."
        />
        <FormMessage error={state.message} success={state.success} />
        <div>
          <SubmitButton pendingLabel="Saving…">{canSendEmail ? "Send confirmation link" : "Change email"}</SubmitButton>
        </div>
      </form>
    </>
  );
}
