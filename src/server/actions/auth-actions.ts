"use server";

import { APIError } from "better-auth/api";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { FormState } from "@/shared/form-state";
import { safeReturnPath } from "@/shared/form-state";
import { SignInSchema, SignUpSchema } from "@/shared/schemas/auth";
import { RequestPasswordResetSchema, ResetPasswordSchema } from "@/shared/schemas/security";
import { InvitedSignUpSchema } from "@/shared/schemas/member";
import { getAuth } from "@/server/auth/auth";
import { CLIENT_IP_HEADER, clientIpOf } from "@/server/auth/client-ip";
import { getDb } from "@/server/db/database";
import { mailLinkOrigin } from "@/server/mail/mail-link-origin";
import { getMailer } from "@/server/mail/mailer";
import { CONFIRM_NEW_EMAIL_HOURS } from "@/server/mail/account-emails";
import { unconfirmedSignInMessage } from "@/shared/address-confirmation";
import { requestPasswordReset } from "@/server/services/accounts/request-password-reset";
import type { ResetPasswordResult } from "@/server/services/accounts/reset-password";
import { resetPassword } from "@/server/services/accounts/reset-password";
import { signUp } from "@/server/services/accounts/sign-up";
import { passkeySignInOptions, signInWithPasskey } from "@/server/services/accounts/sign-in-with-passkey";
import { verifyTwoFactorSignIn } from "@/server/services/accounts/verify-two-factor-sign-in";
import type { ActionResult } from "@/shared/api-error";
import type { PasskeySignInInput } from "@/shared/schemas/two-factor";
import { PasskeySignInSchema, TwoFactorSignInSchema } from "@/shared/schemas/two-factor";
import { AppError } from "@/server/errors";
import { formStateFromError, formValues, parseForm } from "./form-helpers";

/**
 * The sign-up form: creates the account and its first workspace, or, with an invitation's
 * token, joins the inviting workspace; then opens the workspace (or, when SMTP is set up and
 * there is no invitation, sends the person to their inbox).
 */
export async function signUpAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const isInvited = formData.has("token");
  const values = formValues(formData, isInvited ? INVITED_SIGN_UP_FIELDS : SIGN_UP_FIELDS);
  const { password: _password, ...echo } = values;
  const parsed = isInvited ? parseForm(InvitedSignUpSchema, values, echo) : parseForm(SignUpSchema, values, echo);
  if ("state" in parsed) return parsed.state;
  let next: string;
  try {
    const requestHeaders = await headers();
    const mailer = getMailer();
    const mail = mailer ? { mailer, origin: mailLinkOrigin() } : null;
    const result = await signUp(await getDb(), await getAuth(), parsed.data, requestHeaders, mail);
    next = result.status === "signed_in" ? `/w/${result.workspace.slug}` : "/signup/check-email";
  } catch (error) {
    return formStateFromError(error, echo);
  }
  redirect(next);
}

/** Profile → Security's list of the account's sign-ins (its section's anchor). */
const SIGN_IN_METHODS_PATH = "/profile/security#sign-in-methods";
const SIGN_UP_FIELDS = ["name", "email", "password", "workspaceName", "workspaceSlug"] as const;
const INVITED_SIGN_UP_FIELDS = ["name", "email", "password", "token"] as const;

/**
 * Sign-in form: on success goes to `next` (a same-site path) or the last workspace; with
 * two-factor on, to the code's page first (better-auth holds the half-done sign-in in a cookie).
 */
export async function signInAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["email", "password", "next"]);
  const echo = { email: values.email ?? "", next: values.next ?? "" };
  const parsed = parseForm(SignInSchema, { email: values.email ?? "", password: values.password ?? "" }, echo);
  if ("state" in parsed) return parsed.state;
  const auth = await getAuth();
  let needsCode = false;
  try {
    const result = await auth.api.signInEmail({ body: parsed.data, headers: await headers() });
    needsCode = "twoFactorRedirect" in result && result.twoFactorRedirect === true;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    if (error.statusCode === 429) return { message: error.body?.message, values: echo };
    if (error.statusCode === 401) return { message: "The email or password is incorrect.", values: echo };
    // The right password, for an address not confirmed yet (SMTP set up): auth.ts mailed a new link.
    if (error.body?.code === "EMAIL_NOT_VERIFIED") return { message: unconfirmedSignInMessage(parsed.data.email, CONFIRM_NEW_EMAIL_HOURS), values: echo };
    return { message: error.body?.message ?? "Could not sign in. Try again.", values: echo };
  }
  const next = safeReturnPath(values.next, "");
  if (needsCode) redirect(next ? `/login/two-factor?next=${encodeURIComponent(next)}` : "/login/two-factor");
  redirect(safeReturnPath(values.next));
}

/** The sign-in's second step: the app's code or a backup code, then on to `next`. */
export async function verifyTwoFactorSignInAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["method", "code", "next"]);
  const echo = { method: values.method ?? "totp", next: values.next ?? "" };
  const parsed = parseForm(TwoFactorSignInSchema, { method: values.method ?? "", code: values.code ?? "" }, echo);
  if ("state" in parsed) return parsed.state;
  try {
    await verifyTwoFactorSignIn(await getAuth(), parsed.data, await headers());
  } catch (error) {
    // The pending sign-in is gone (expired, or too many wrong codes): back to the password.
    if (error instanceof AppError && error.code === "unauthenticated") redirect(`/login?expired=two-factor${values.next ? `&next=${encodeURIComponent(safeReturnPath(values.next))}` : ""}`);
    return formStateFromError(error, echo);
  }
  redirect(safeReturnPath(values.next));
}

/** "Sign in with a passkey", first half: the options the browser asks the passkey with. */
export async function passkeySignInOptionsAction(): Promise<ActionResult<Record<string, unknown>>> {
  return { ok: true, data: await passkeySignInOptions(await getAuth(), await headers()) };
}

/** Second half: the passkey's answer signs in, then on to `next` (a same-site path) or the last workspace. */
export async function passkeySignInAction(input: PasskeySignInInput, next: string): Promise<ActionResult<undefined>> {
  const parsed = PasskeySignInSchema.safeParse(input);
  if (!parsed.success) return { ok: false, code: "validation_failed", message: "The passkey's answer is not valid. Try again.", fields: { response: "Not a passkey's answer." } };
  try {
    await signInWithPasskey(await getAuth(), parsed.data, await headers());
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, code: error.code, message: error.code === "not_found" ? "This passkey is not registered with any account here." : error.message };
  }
  redirect(safeReturnPath(typeof next === "string" ? next : null));
}

/**
 * Ends the current session and returns to the sign-in page; a form may pass `next` (a
 * same-site path) to come back to after signing in again ("Sign in as another user").
 */
export async function signOutAction(formData?: FormData): Promise<void> {
  const auth = await getAuth();
  await auth.api.signOut({ headers: await headers() });
  // Whatever a crafted request sends instead of a form is no `next` at all.
  const next = safeReturnPath(formData instanceof FormData ? formData.get("next") : null, "");
  redirect(next ? `/login?next=${encodeURIComponent(next)}` : "/login");
}

/**
 * "Forgot password?": the same answer for every address (docs/product.md "Validation"); the
 * link goes out only when an account has it and SMTP is set up.
 */
export async function requestPasswordResetAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["email"]);
  const echo = { email: values.email ?? "" };
  const parsed = parseForm(RequestPasswordResetSchema, values, echo);
  if ("state" in parsed) return parsed.state;
  try {
    const requestHeaders = await headers();
    await requestPasswordReset(await getAuth(), parsed.data, { ip: requestHeaders.get(CLIENT_IP_HEADER) }, getMailer() !== null);
  } catch (error) {
    return formStateFromError(error, echo);
  }
  return { success: `If an account uses ${parsed.data.email}, we sent it a link to choose a new password. It works for one hour.`, values: { email: "" } };
}

/** The emailed link's page: sets the new password, then sends the person to sign in with it. */
export async function resetPasswordAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["token", "newPassword"]);
  const echo = { token: values.token ?? "" };
  const parsed = parseForm(ResetPasswordSchema, values, echo);
  if ("state" in parsed) return parsed.state;
  let result: ResetPasswordResult;
  try {
    result = await resetPassword({ db: await getDb(), clientIp: clientIpOf(await headers()) }, await getAuth(), parsed.data);
  } catch (error) {
    return formStateFromError(error, echo);
  }
  // Every session of the account ended with the reset, this browser's too. An account reclaimed
  // (its address wasn't proved before) lost what someone else may have set up: the page says so. A
  // workspace's provider that also signs in to it may have registered the address first: signing
  // in goes on to review it.
  const { reclaimed, workspaceSignIns } = result;
  if (reclaimed && (reclaimed.passkeys > 0 || reclaimed.twoFactor || reclaimed.apiTokens > 0 || reclaimed.signInMethods > 0)) redirect("/login?reset=reclaimed");
  redirect(workspaceSignIns > 0 ? `/login?reset=review&next=${encodeURIComponent(SIGN_IN_METHODS_PATH)}` : "/login?reset=done");
}
