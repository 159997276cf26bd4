"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import { confirmTwoFactorAction, disableTwoFactorAction, regenerateBackupCodesAction, startTwoFactorAction } from "@/server/actions/two-factor-actions";
import { reachServer } from "@/lib/reach-server";
import type { ActionResult, FieldErrors } from "@/shared/api-error";
import type { TwoFactorEnrolmentDto } from "@/shared/dto";
import { PASSWORDLESS_TWO_FACTOR_TEXT } from "@/shared/passwordless";
import { BackupCodes } from "./backup-codes";
import { QrCode } from "./qr-code";

type Step = { kind: "idle" } | { kind: "enrolling"; enrolment: TwoFactorEnrolmentDto } | { kind: "new-codes"; codes: string[] };

/**
 * Two-factor authentication (docs/product.md "Account security"): turn on with the password, scan
 * the QR code (or type the secret), keep the backup codes, confirm with the app's code; once on,
 * new backup codes or turn off, each after the password. `requiredBy` is the workspace that sent
 * the person here to enrol. An account without a password (`passwordless`: single sign-on made
 * it) has nothing to enrol with and needs not: the page says so instead of offering the form.
 * Focus never falls to the page: a refused form's first wrong field takes it, the steps take it
 * when enrolment starts, and the section's heading when a step ends (its status line says how).
 */
export function TwoFactorSection({ enabled, passwordless, requiredBy }: { enabled: boolean; passwordless: boolean; requiredBy: string | null }) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  // Field errors belong to the form that was sent: both forms of an enabled account ask for the password.
  const [fieldsOf, setFieldsOf] = useState<{ form: string; fields: FieldErrors }>({ form: "", fields: {} });
  const fieldsFor = (form: string): FieldErrors => (fieldsOf.form === form ? fieldsOf.fields : {});
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const startForm = useRef<HTMLFormElement>(null);
  const confirmForm = useRef<HTMLFormElement>(null);
  const regenerateForm = useRef<HTMLFormElement>(null);
  const disableForm = useRef<HTMLFormElement>(null);
  // A refused form's first wrong field takes the focus (only the form that was sent has any).
  useFocusFirstError(startForm, fieldsOf);
  useFocusFirstError(confirmForm, fieldsOf);
  useFocusFirstError(regenerateForm, fieldsOf);
  useFocusFirstError(disableForm, fieldsOf);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepsRef = useRef<HTMLOListElement>(null);
  // Where focus goes once the form that was submitted (or cancelled) has been replaced.
  const focusNext = useRef<"heading" | "steps" | null>(null);
  useEffect(() => {
    const target = focusNext.current === "steps" ? stepsRef.current : focusNext.current === "heading" ? headingRef.current : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });

  function run<T>(form: string, call: () => Promise<ActionResult<T>>, onDone: (data: T) => void) {
    setError(undefined);
    setStatus(undefined);
    setFieldsOf({ form, fields: {} });
    startTransition(async () => {
      const result = await call();
      if (result.ok) return onDone(result.data);
      if (result.code === "unauthenticated") return router.push("/login?next=/profile/security");
      setFieldsOf({ form, fields: result.fields ?? {} });
      if (!result.fields) setError(result.message);
    });
  }

  function valueOf(event: FormEvent<HTMLFormElement>, name: string): string {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get(name);
    return typeof value === "string" ? value : "";
  }

  const onStart = (event: FormEvent<HTMLFormElement>) => {
    const password = valueOf(event, "password");
    run("start", () => reachServer(() => startTwoFactorAction({ password })), (enrolment) => {
      focusNext.current = "steps";
      setStep({ kind: "enrolling", enrolment });
    });
  };
  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    const code = valueOf(event, "code");
    run("confirm", () => reachServer(() => confirmTwoFactorAction({ code })), () => {
      focusNext.current = "heading";
      setStep({ kind: "idle" });
      setStatus("Two-factor authentication is on. Signing in now asks for a code from your app.");
      // The session was replaced: the refresh reads the page with the new cookie.
      router.refresh();
    });
  };
  const onRegenerate = (event: FormEvent<HTMLFormElement>) => {
    const password = valueOf(event, "password");
    event.currentTarget.reset();
    run("regenerate", () => reachServer(() => regenerateBackupCodesAction({ password })), ({ backupCodes }) => setStep({ kind: "new-codes", codes: backupCodes }));
  };
  const onDisable = (event: FormEvent<HTMLFormElement>) => {
    const password = valueOf(event, "disablePassword");
    event.currentTarget.reset();
    run("disable", () => reachServer(() => disableTwoFactorAction({ password })), () => {
      focusNext.current = "heading";
      setStep({ kind: "idle" });
      setStatus("Two-factor authentication is off.");
      router.refresh();
    });
  };

  // Nothing to enrol with, and nothing to enrol for: the section says so in the form's place.
  const offersEnrolment = !enabled && !passwordless;

  return (
    <section aria-labelledby="two-factor-heading" data-testid="two-factor" className="rounded-xl border border-border bg-raised p-5 shadow-sm sm:p-6">
      <h2 ref={headingRef} id="two-factor-heading" tabIndex={-1} className="text-lg font-semibold">
        Two-factor authentication
      </h2>
      <p className="mt-1 text-sm text-muted">
        {enabled
          ? "On. Signing in asks for a code from your authenticator app after your password."
          : passwordless
            ? PASSWORDLESS_TWO_FACTOR_TEXT
            : "Off. With it on, signing in also asks for a code from an authenticator app on your phone."}
      </p>
      {requiredBy && offersEnrolment ? (
        <p role="alert" className="mt-3 rounded-md border border-accent/40 bg-accent-soft px-3 py-2 text-sm">
          The workspace you opened requires two-factor authentication. Turn it on to continue.
        </p>
      ) : null}
      {requiredBy && !offersEnrolment ? (
        <p className="mt-3 text-sm">
          <Link href={`/w/${requiredBy}`} className="font-medium text-accent underline-offset-2 hover:underline">
            Continue to the workspace
          </Link>
        </p>
      ) : null}

      {offersEnrolment && step.kind === "idle" ? (
        <form ref={startForm} onSubmit={onStart} noValidate className="mt-4 flex flex-col gap-4">
          <Field name="password" type="password" label="Your password" autoComplete="current-password" required error={fieldsFor("start").password} />
          <div>
            <SubmitButton pending={isPending} pendingLabel="Checking…">
              Turn on two-factor authentication
            </SubmitButton>
          </div>
        </form>
      ) : null}

      {step.kind === "enrolling" && offersEnrolment ? (
        <div className="mt-4 flex flex-col gap-5">
          <ol ref={stepsRef} tabIndex={-1} aria-label="Steps to turn on two-factor authentication" className="flex list-decimal flex-col gap-5 pl-5 text-sm">
            <li className="flex flex-col gap-3">
              <span>Scan this QR code with your authenticator app (Google Authenticator, 1Password, Aegis…).</span>
              <QrCode size={step.enrolment.qr.size} path={step.enrolment.qr.path} label="QR code to add Quire to your authenticator app" />
              <CopyField value={step.enrolment.secret} label="Secret key" isLabelVisible noun="secret key" hint="Can't scan? Type this key into the app instead." testId="totp-secret" />
            </li>
            <li>
              <BackupCodes codes={step.enrolment.backupCodes} />
            </li>
            <li>
              <form ref={confirmForm} onSubmit={onConfirm} noValidate className="flex flex-col gap-4">
                <Field name="code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required error={fieldsFor("confirm").code} />
                <div className="flex flex-wrap gap-3">
                  <SubmitButton pending={isPending} pendingLabel="Checking…">
                    Confirm and turn on
                  </SubmitButton>
                  <Button
                    variant="secondary"
                    disabled={isPending}
                    onClick={() => {
                      focusNext.current = "heading";
                      setStep({ kind: "idle" });
                    }}
                  >
                    Cancel
                  </Button>
                </div>
              </form>
            </li>
          </ol>
        </div>
      ) : null}

      {enabled ? (
        <div className="mt-4 flex flex-col gap-6">
          {step.kind === "new-codes" ? <BackupCodes codes={step.codes} /> : null}
          <form ref={regenerateForm} onSubmit={onRegenerate} noValidate className="flex flex-col gap-3" aria-labelledby="backup-codes-heading">
            <h3 id="backup-codes-heading" className="font-medium">
              Backup codes
            </h3>
            <p className="text-sm text-muted">New codes replace the old ones, used or not.</p>
            <Field name="password" id="field-regenerate-password" type="password" label="Your password" autoComplete="current-password" required error={fieldsFor("regenerate").password} />
            <div>
              <SubmitButton pending={isPending} pendingLabel="Checking…" variant="secondary">
                Make new backup codes
              </SubmitButton>
            </div>
          </form>
          <form ref={disableForm} onSubmit={onDisable} noValidate className="flex flex-col gap-3" aria-labelledby="disable-two-factor-heading">
            <h3 id="disable-two-factor-heading" className="font-medium">
              Turn off
            </h3>
            <Field name="disablePassword" type="password" label="Your password" autoComplete="current-password" required error={fieldsFor("disable").password} />
            <div>
              <SubmitButton pending={isPending} pendingLabel="Checking…" variant="danger">
                Turn off two-factor authentication
              </SubmitButton>
            </div>
          </form>
        </div>
      ) : null}
      <div className="mt-3">
        <FormMessage error={error} success={status} />
      </div>
    </section>
  );
}
