import { eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { ChangeEmailInput } from "@/shared/schemas/profile";
import { mailFailedFor } from "@/server/auth/auth-mail-senders";
import type { ServiceContext } from "@/server/context";
import { users } from "@/server/db/schema";
import { isUniqueViolation } from "@/server/db/pg-errors";
import { AppError, validationError } from "@/server/errors";
import type { AuthSession } from "./auth-session";
import { EMAIL_FROM_PROVIDER_MESSAGE } from "@/shared/passwordless";
import { isEmailTaken } from "./sign-up";

export const SAME_EMAIL_MESSAGE = "This is already your email address.";
export const WRONG_PASSWORD_MESSAGE = "The password is incorrect.";
export const EMAIL_IN_USE_MESSAGE = "Another account uses this email address.";

/** Where the link in the confirmation email lands once the new address is the account's. */
export const EMAIL_CONFIRMED_PATH = "/profile?email=confirmed";

/** The email is changed (no mailer), or a link went to the new address (SMTP set up). */
export type ChangeEmailResult = { status: "changed"; email: string } | { status: "check_email"; email: string };

/**
 * Changes the signed-in person's email once their current password is confirmed, so a session
 * left open somewhere can't move the account to another inbox (docs/product.md "Validation").
 *
 * Without a mailer (`mail` null) the address changes at once and is unverified, and an address
 * another account uses is refused, as sign-up refuses it without SMTP. With one, better-auth's
 * changeEmail emails a link to the new address and changes nothing until it is opened; a taken
 * address gets the same answer and no email, so the form can't tell who has an account.
 * @param mail when SMTP is set up: the origin emailed links point to (PUBLIC_URL's, mailLinkOrigin: never the request's Host)
 * @throws AppError validation_failed (same address, wrong password, address in use without a mailer) | conflict (an account without a password) | rate_limited (too many wrong passwords, counted with sign-ins) | unauthenticated | unavailable (the email could not be sent)
 */
export async function changeEmail(
  ctx: ServiceContext,
  input: ChangeEmailInput,
  session: AuthSession & { mail: { origin: string } | null },
): Promise<ChangeEmailResult> {
  if (input.email === ctx.actor.email) throw validationError({ email: SAME_EMAIL_MESSAGE });
  // An account single sign-on made has no password to confirm the change with (the profile page shows it no form).
  if (ctx.actor.passwordless) throw new AppError("conflict", EMAIL_FROM_PROVIDER_MESSAGE);
  await confirmPassword(session, input.currentPassword);
  if (!session.mail) return changeAtOnce(ctx, input.email);
  // auth/auth-mail-senders.ts builds the link on PUBLIC_URL, and a failed send marks this request.
  const request = new Request(`${session.mail.origin}/profile`, { headers: session.headers });
  try {
    await session.auth.api.changeEmail({ body: { newEmail: input.email, callbackURL: EMAIL_CONFIRMED_PATH }, headers: session.headers, request });
  } catch (error) {
    throw translateAuthError(error);
  }
  if (mailFailedFor(request)) throw new AppError("unavailable", "We couldn't send the email to confirm the new address. Try again in a few minutes.");
  return { status: "check_email", email: input.email };
}

async function confirmPassword(session: AuthSession, password: string): Promise<void> {
  try {
    await session.auth.api.verifyPassword({ body: { password }, headers: session.headers });
  } catch (error) {
    if (error instanceof APIError && error.statusCode === 400) throw validationError({ currentPassword: WRONG_PASSWORD_MESSAGE });
    // Counted with the account's sign-ins (auth/auth-request-hooks.ts): the message says how long to wait.
    if (error instanceof APIError && error.statusCode === 429) {
      throw new AppError("rate_limited", error.body?.message ?? "Too many attempts. Try again later.", undefined, retryAfterHeader(error));
    }
    throw translateAuthError(error);
  }
}

// better-auth's changeEmail refuses to change a verified address without sending a link, so
// without a mailer the row is written here; the new address is unverified until an email proves it.
async function changeAtOnce(ctx: ServiceContext, email: string): Promise<ChangeEmailResult> {
  if (await isEmailTaken(ctx.db, email)) throw validationError({ email: EMAIL_IN_USE_MESSAGE });
  try {
    await ctx.db.update(users).set({ email, emailVerified: false }).where(eq(users.id, ctx.actor.id));
  } catch (error) {
    // Taken between the check and the write.
    if (isUniqueViolation(error)) throw validationError({ email: EMAIL_IN_USE_MESSAGE });
    throw error;
  }
  return { status: "changed", email };
}

function translateAuthError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  if (error.statusCode === 401) return new AppError("unauthenticated", "Your session has ended. Sign in again.");
  return error; // unexpected: reaches the error page and the log
}

function retryAfterHeader(error: APIError): Record<string, string> | undefined {
  const retryAfter: unknown = error.body?.retryAfter;
  return typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : undefined;
}
