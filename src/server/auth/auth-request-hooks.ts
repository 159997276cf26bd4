import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { PersonNameField } from "@/shared/schemas/fields";
import type { Db } from "@/server/db/client";
import { CLIENT_IP_HEADER } from "./client-ip";
import { refuseVoidedEmailChange } from "./email-change-cutoff";
import { refuseDeviceTrust } from "./no-trusted-devices";
import { recordSignInSafely } from "./record-sign-in";
import { notePendingSignIn, refusedSecondFactorAccount } from "./second-factor-attempts";
import type { SignInAttempt } from "./sign-in-limiter";
import { SignInLimiter } from "./sign-in-limiter";
import { endUnconfirmedSession, endUnconfirmedSessionRead } from "./unconfirmed-accounts";

/**
 * better-auth's `hooks`, around every endpoint it serves (over HTTP or through `auth.api`). Before:
 * an unconfirmed account's session ends while `mustConfirmAddresses`, a voided email change's link
 * is refused, names are checked, no device is trusted, a code's pending sign-in is noted, and
 * every password or code typed takes a point of the sign-in limits (429 past them). After: the
 * limits hear how it went, and a refused password or code is a failed sign-in in the audit log.
 */
export function authRequestHooks(options: { db: Db; mustConfirmAddresses: boolean }) {
  const { db } = options;
  // Ours, not better-auth's rate limiter (auth.ts turns it off for /sign-in/email): docs/product.md
  // "Limits" counts an account's failures per address, and each address's apart.
  const limiter = new SignInLimiter();
  return {
    before: createAuthMiddleware(async (ctx) => {
      // While addresses must be confirmed, the session of an account that hasn't confirmed its
      // own (made before SMTP was set up) ends at its first use (auth/unconfirmed-accounts.ts).
      if (options.mustConfirmAddresses) await endUnconfirmedSession(ctx);
      // An email change waiting for its link when the account was reclaimed changes nothing.
      await refuseVoidedEmailChange(db, ctx);
      // Our forms check names with the same field; this covers better-auth's own endpoints.
      if (ctx.path === "/sign-up/email" || ctx.path === "/update-user") refuseInvalidName(ctx.body?.name);
      // No device is ever trusted to skip the code: the request without any trust cookie.
      const withoutTrust = refuseDeviceTrust(ctx);
      // A code typed at sign-in: whose sign-in it is, for the audit log should it be refused.
      await notePendingSignIn(ctx);
      if (!PASSWORD_PATHS.has(ctx.path)) return withoutTrust;
      const retryAfter = await limiter.take(await passwordAttempt(ctx));
      if (retryAfter !== null) {
        throw new APIError(
          "TOO_MANY_REQUESTS",
          { message: tooManyAttemptsMessage(retryAfter), code: "RATE_LIMITED", retryAfter },
          { "Retry-After": String(retryAfter) },
        );
      }
      return withoutTrust;
    }),
    after: createAuthMiddleware(async (ctx) => {
      // As in the before-hook, for the one read every page and API call makes (resolve-caller.ts).
      if (options.mustConfirmAddresses) await endUnconfirmedSessionRead(ctx);
      if (!PASSWORD_PATHS.has(ctx.path)) return;
      const attempt = await passwordAttempt(ctx);
      if (!(ctx.context.returned instanceof Error)) return limiter.succeeded(attempt);
      if (ctx.path === "/sign-in/email") await recordSignInSafely(db, { email: attempt.email, succeeded: false, clientIp: attempt.ip, details: { via: "password" } });
      // A refused code at the sign-in's second step is a failed sign-in of its account, as a wrong
      // password is: whoever sent it had the password. The code itself is never recorded.
      const refusedCodeOf = await refusedSecondFactorAccount(ctx);
      if (refusedCodeOf) await recordSignInSafely(db, { userId: refusedCodeOf, succeeded: false, clientIp: attempt.ip, details: { via: "two-factor" } });
    }),
  };
}

/** "Too many sign-in attempts. Try again in 42 seconds." (or "in 15 minutes", rounded up, from a minute on). */
export function tooManyAttemptsMessage(seconds: number): string {
  if (seconds < 60) return `Too many sign-in attempts. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

// Every endpoint that checks a password or a second-factor code the caller typed: each counts with
// the account's sign-ins, so a session left open can't be used to guess the password without limit.
// A code typed at sign-in has no session yet: it counts with the client address's attempts.
const PASSWORD_PATHS = new Set([
  "/sign-in/email",
  "/verify-password",
  "/change-password",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
]);

// Who is giving a password, from where: server.ts stamps the client address on every request.
// The profile's password checks (verify-password for an email change, change-password) count as
// sign-ins to the session's account.
async function passwordAttempt(ctx: Parameters<typeof getSessionFromCtx>[0] & { path?: string; body?: { email?: unknown } }): Promise<SignInAttempt> {
  const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? null;
  if (ctx.path !== "/sign-in/email") return { ip, email: (await getSessionFromCtx(ctx))?.user.email };
  return { ip, email: typeof ctx.body?.email === "string" ? ctx.body.email : undefined };
}

// A name our forms would refuse (empty, too long, a control character such as NUL, which the
// database would refuse with a 500) answers 400 with the form's message.
function refuseInvalidName(name: unknown): void {
  if (name === undefined) return;
  const result = PersonNameField.safeParse(name);
  if (result.success) return;
  throw new APIError("BAD_REQUEST", { message: result.error.issues[0]?.message ?? "Enter your name.", code: "INVALID_NAME" });
}
