import { confirmAddressEmail, confirmNewEmailEmail, existingAccountEmail } from "@/server/mail/account-emails";
import { resetPasswordEmail } from "@/server/mail/password-emails";
import type { Mailer } from "@/server/mail/mailer";
import { isEmailChangeToken } from "./verification-token";

/**
 * The mailer and the public origin (PUBLIC_URL's) that every emailed link is built on: never a
 * request's Host, which whoever sends the request chooses (a reset asked for with
 * `Host: evil.example` would mail the victim's token there).
 */
export interface AuthMail {
  mailer: Mailer;
  origin: string;
}

/**
 * better-auth's `onExistingUserSignUp`: a sign-up straight to /api/auth/sign-up/email (not our
 * form, which emails for itself: it has no request here) tells the owner of a taken address.
 * Without a mailer it sends nothing.
 */
export function sendExistingAccountEmailWith(mail: AuthMail | null) {
  return async ({ user }: { user: { email: string } }, request?: Request) => {
    if (!mail || !request) return;
    await mail.mailer.send(existingAccountEmail({ to: user.email, signInLink: `${mail.origin}/login` }));
  };
}

/**
 * better-auth's `sendVerificationEmail`, for the email change's link to the new address and a
 * refused sign-in's new link. better-auth's link goes through its own base URL; ours goes to its
 * verify-email on `origin`, keeping better-auth's callbackURL, and is worded by the token (an email
 * change's or an address confirmation's). The request change-email.ts passes is only marked when
 * the send fails (mailFailedFor).
 */
export function sendVerificationEmailWith({ mailer, origin }: AuthMail) {
  return async ({ user, url, token }: { user: { email: string; name: string }; url: string; token: string }, request?: Request) => {
    const callbackURL = new URL(url, "http://unused.invalid").searchParams.get("callbackURL") ?? "/";
    const link = `${origin}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(callbackURL)}`;
    try {
      await mailer.send((isEmailChangeToken(token) ? confirmNewEmailEmail : confirmAddressEmail)({ to: user.email, name: user.name, link }));
    } catch (error) {
      // Ids and addresses stay out of the log line; the reason is enough to fix SMTP.
      console.error("[mail] email-change email failed:", error instanceof Error ? error.message : error);
      if (request) unsentMailRequests.add(request);
    }
  };
}

/**
 * better-auth's `sendResetPassword`. As for the email change: better-auth's link (to its GET
 * /reset-password/:token, on its first base URL) is replaced by one straight to our page on
 * `origin`. The send is not awaited and a failure is only logged: waiting for SMTP, or saying it
 * failed, would tell the form's user that the address has an account (no email goes to one without).
 */
export function sendResetPasswordWith({ mailer, origin }: AuthMail) {
  return async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
    const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
    mailer.send(resetPasswordEmail({ to: user.email, name: user.name, link })).catch((error: unknown) => {
      console.error("[mail] password-reset email failed:", error instanceof Error ? error.message : error);
    });
  };
}

/** Whether an email better-auth was asked to send while handling `request` could not go out. */
export function mailFailedFor(request: Request): boolean {
  return unsentMailRequests.has(request);
}

// better-auth runs the send as a background task and swallows its failure, so the request the
// caller passed is marked instead, and the caller asks (change-email.ts says "try again").
const unsentMailRequests = new WeakSet<Request>();
