import { betterAuth } from "better-auth";
import type { BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { twoFactor } from "better-auth/plugins/two-factor";
import { passkey } from "@better-auth/passkey";
import { AVATAR_COLORS, AVATAR_PALETTE } from "@/shared/avatar-colors";
import { PersonNameField } from "@/shared/schemas/fields";
import { AvatarColorField } from "@/shared/schemas/profile";
import type { Db } from "@/server/db/client";
import { getDb } from "@/server/db/database";
import * as schema from "@/server/db/schema";
import { getEnv } from "@/server/env";
import { CLIENT_IP_HEADER, clientIpOf } from "./client-ip";
import { processSingleton } from "@/server/process-singleton";
import { getAuthSecret } from "./auth-secret";
import type { SignInAttempt } from "./sign-in-limiter";
import { ACCOUNT_ATTEMPTS, SIGN_IN_WINDOW_SECONDS, SignInLimiter } from "./sign-in-limiter";
import { CONFIRM_NEW_EMAIL_HOURS, confirmAddressEmail, confirmNewEmailEmail, existingAccountEmail } from "@/server/mail/account-emails";
import { RESET_PASSWORD_HOURS, resetPasswordEmail } from "@/server/mail/password-emails";
import type { Mailer } from "@/server/mail/mailer";
import { getMailer } from "@/server/mail/mailer";
import { mailLinkOrigin } from "@/server/mail/mail-link-origin";
import { refreshPasswordFlagOf } from "./password-flag";
import { recordSignIn } from "./record-sign-in";
import { awaitsSecondFactor, recordAccountChange } from "./record-account-change";
import { refuseDeviceTrust } from "./no-trusted-devices";
import { notePendingSignIn, refusedSecondFactorAccount } from "./second-factor-attempts";
import { refuseReusedTotp } from "./totp-replay";
import { refuseLinkSignInPastTwoFactor } from "./confirmation-sign-in";
import { refuseVoidedEmailChange } from "./email-change-cutoff";
import { endUnconfirmedSession, endUnconfirmedSessionRead, refuseUnconfirmedSignIn } from "./unconfirmed-accounts";
import { isEmailChangeToken } from "./verification-token";
import { ssoPlugins } from "./sso-plugin";
import type { InstanceSso } from "./sso-providers";
import { instanceSsoFrom } from "./sso-providers";

const SESSION_DAYS = 30;

export interface CreateAuthOptions {
  db: Db;
  secret: string;
  /**
   * The public origin (PUBLIC_URL), the only one emailed links are built on: a mailer needs it.
   * Without it, better-auth trusts the origin each request was sent to (its Host).
   */
  publicUrl?: string;
  trustProxy?: boolean;
  /**
   * With a mailer (SMTP_URL), sign-up answers alike for new and taken addresses: nobody is
   * signed in by it, and the owner of a taken address is emailed instead of the form saying so.
   */
  mailer?: Mailer | null;
  /** The instance's single sign-on provider (SSO_*); workspaces' providers come from the database. */
  sso?: InstanceSso | null;
}

/** Builds the better-auth instance: email + password, 30-day rolling sessions, sign-in limits. */
export function createAuth(options: CreateAuthOptions) {
  const limiter = new SignInLimiter();
  // Emailed links point to the public origin only, never to a request's Host, which whoever sends
  // the request chooses (a reset asked for with `Host: evil.example` would mail the victim's token
  // there). Throws without publicUrl; env.ts refuses SMTP_URL without PUBLIC_URL at start.
  const mail = options.mailer ? { mailer: options.mailer, origin: mailLinkOrigin({ PUBLIC_URL: options.publicUrl }) } : null;
  return betterAuth({
    secret: options.secret,
    // Without PUBLIC_URL the only trusted origin is the one the request itself was sent to
    // (its Host), so localhost and 127.0.0.1 both work and cross-site posts are refused.
    // (The dynamic `{ allowedHosts: ["*"] }` form trusted every https:// origin and no
    // http:// one: API sign-in over http failed, and any https site passed the check.)
    baseURL: options.publicUrl,
    trustedOrigins: options.publicUrl ? [] : (request) => (request ? [requestOrigin(request)] : []),
    database: drizzleAdapter(options.db, { provider: "pg", schema, usePlural: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // better-auth then answers a taken address as if it were new (a made-up user, nobody
      // signed in): services/accounts/sign-up.ts emails the link that signs a new account in.
      autoSignIn: !options.mailer,
      // With a mailer an address is proved by opening a link sent to it, and a password signs in
      // only once it has (docs/product.md "Account security"): anyone can sign up with someone
      // else's address. The refusal (403 EMAIL_NOT_VERIFIED) comes after the password check, so
      // it tells nothing to whoever lacks the password, and mails a new link (sendOnSignIn below).
      requireEmailVerification: Boolean(options.mailer),
      // Sign-ups straight to /api/auth/sign-up/email (not our form, which emails for itself:
      // it has no request here) tell the owner of a taken address.
      onExistingUserSignUp: async ({ user }, request) => {
        if (!mail || !request) return;
        await mail.mailer.send(existingAccountEmail({ to: user.email, signInLink: `${mail.origin}/login` }));
      },
      // A reset signs every session out: whoever made someone reset their password may hold one.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_HOURS * 3600,
      // Only services/accounts/request-password-reset.ts asks for a link (the HTTP path is
      // disabled below), after its limit per address.
      ...(mail ? { sendResetPassword: sendResetPasswordWith(mail.mailer, mail.origin) } : {}),
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60, // rolling: extended at most once a day
      // better-auth lists sessions only for one signed in within freshAge (a day by default), so
      // the security page would fail for anyone who signed in yesterday; listing one's own sessions
      // needs a live session only, and revoking them never needed more.
      freshAge: 0,
    },
    user: {
      additionalFields: {
        // Settable through updateUser (the profile page), only to a palette colour; at sign-up
        // the create hook below picks it whatever the body says.
        color: { type: "string", required: false, input: true, validator: { input: AvatarColorField } },
        // Read with the session's user (Actor.passwordless); the account hooks below keep it.
        hasPassword: { type: "boolean", required: false, input: false, defaultValue: true },
      },
      // services/accounts/change-email.ts asks for the password first, then calls this; with a
      // mailer the link goes to the new address and the email changes when it is opened.
      changeEmail: { enabled: true },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, color: pickColor(user.email) } }),
        },
        // The link that moves an account to a new address (opened at /verify-email) proves that
        // address, though better-auth carries the old one's confirmation over, unconfirmed or not.
        update: {
          before: async (user, ctx) => (ctx?.path === "/verify-email" && typeof user.email === "string" ? { data: { ...user, emailVerified: true } } : undefined),
        },
      },
      // Whichever way an account is made, changed or removed, users.has_password follows it.
      account: {
        create: { after: async (account) => refreshPasswordFlagOf(options.db, account) },
        update: { after: async (account) => refreshPasswordFlagOf(options.db, account) },
        delete: { after: async (account) => refreshPasswordFlagOf(options.db, account) },
      },
      session: {
        create: {
          // A right authenticator code makes a session: the same code never makes a second one.
          before: async (session, ctx) => {
            if (ctx?.path === "/two-factor/verify-totp") await refuseReusedTotp(options.db, session.userId, String((ctx.body as { code?: unknown } | undefined)?.code ?? ""));
            // A confirmation link signs in with no second factor: not into an account that has one.
            if (ctx?.path === "/verify-email") await refuseLinkSignInPastTwoFactor(options.db, session.userId, ctx);
            // While addresses must be confirmed, no way in (a passkey) signs in an account whose
            // password would be refused for want of it (auth/unconfirmed-accounts.ts).
            if (options.mailer) await refuseUnconfirmedSignIn(options.db, session.userId);
          },
          // Every way in makes a session: password, links, and whatever a plugin adds. A session made
          // for a request that already has one replaces it (two-factor turned on or off): no sign-in.
          // Confirming an enrolment's code makes such a one, and turns two-factor on: recorded here,
          // for the profile's action and better-auth's own endpoint alike (record-account-change.ts).
          after: async (session, ctx) => {
            if (ctx?.path === "/two-factor/verify-totp" && ctx.context.session) {
              await recordAccountChangeSafely(options.db, { userId: session.userId, kind: "account.two_factor_enabled", clientIp: (ctx.headers && clientIpOf(ctx.headers)) ?? null });
              return;
            }
            if (ctx?.context.session) return;
            // With two-factor on, the password step's session is deleted at once and a code asked
            // for: the sign-in is recorded once, when the code makes the session that lasts.
            if (ctx?.path === "/sign-in/email" && (await awaitsSecondFactor(options.db, session.userId))) return;
            await recordSignInSafely(options.db, { userId: session.userId, succeeded: true, clientIp: session.ipAddress ?? null, details: { via: signInMethod(ctx?.path) } });
          },
        },
      },
    },
    emailVerification: {
      // The link a new account is emailed (SMTP set up) confirms the address and signs in.
      autoSignInAfterVerification: true,
      // Sign-up sends its own email (services/accounts/sign-up.ts).
      sendOnSignUp: false,
      // A password sign-in refused for an unconfirmed address (requireEmailVerification above)
      // mails a new link: how someone whose link expired, or who made the account before SMTP was
      // set up, gets in. It takes the right password, and counts with the sign-in limits.
      sendOnSignIn: true,
      expiresIn: CONFIRM_NEW_EMAIL_HOURS * 3600,
      // The email change's link to the new address, and a refused sign-in's new link (sendOnSignIn).
      ...(mail ? { sendVerificationEmail: sendVerificationEmailWith(mail.mailer, mail.origin) } : {}),
    },
    // Not over HTTP: changing the email goes through the profile page, which asks for the
    // current password first (a stolen session alone can't take the account over), and no
    // screen re-sends verification emails.
    // A password-reset link is asked for through the "Forgot password?" page only, which limits
    // requests per address (services/accounts/request-password-reset.ts), and used through its own
    // page only (services/accounts/reset-password.ts), which also confirms the address, ends the
    // account's other links and reclaims an account whose address it proves for the first time:
    // better-auth's endpoint would set the password and do none of that.
    // No screen unlinks a sign-in method, and unlinking the password (a session alone may, as long
    // as another account is linked) would make the account passwordless: exempt, without any
    // second factor, from a workspace's two-factor requirement (auth/password-flag.ts).
    // Two-factor and passkeys are set up, changed and removed on Profile → Security only, whose use
    // cases record each change in the audit log (the browser calls no /api/auth endpoint for them):
    // over HTTP the same changes would go unrecorded, and get-totp-uri would hand a stolen session
    // with the password the secret itself. The sign-in's steps (/two-factor/verify-totp,
    // /verify-backup-code, /passkey/generate-authenticate-options, /verify-authentication) stay.
    // Codes sent by email (the plugin's OTP method) are not Quire's: no sender is configured, the
    // enrolment never offers them, and the sign-in asks for the app's code or a backup code only.
    disabledPaths: [
      "/change-email",
      "/send-verification-email",
      "/request-password-reset",
      "/reset-password",
      "/unlink-account",
      "/two-factor/enable",
      "/two-factor/disable",
      "/two-factor/generate-backup-codes",
      "/two-factor/get-totp-uri",
      "/two-factor/send-otp",
      "/two-factor/verify-otp",
      "/passkey/generate-register-options",
      "/passkey/verify-registration",
      "/passkey/update-passkey",
      "/passkey/delete-passkey",
    ],
    rateLimit: {
      // better-auth's own limiter keeps its defaults elsewhere; sign-in is ours (below), because
      // docs/product.md "Limits" counts an account's failures per address, and each address's apart.
      customRules: { "/sign-in/email": false },
    },
    advanced: {
      // better-auth skips its origin check when NODE_ENV is "test"; ours must be the real one.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      trustedProxyHeaders: options.trustProxy ?? false,
      useSecureCookies: options.publicUrl?.startsWith("https://") ?? false,
      database: { generateId: () => crypto.randomUUID(), joins: true },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // While addresses must be confirmed, the session of an account that hasn't confirmed its
        // own (made before SMTP was set up) ends at its first use (auth/unconfirmed-accounts.ts).
        if (options.mailer) await endUnconfirmedSession(ctx);
        // An email change waiting for its link when the account was reclaimed changes nothing.
        await refuseVoidedEmailChange(options.db, ctx);
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
        if (options.mailer) await endUnconfirmedSessionRead(ctx);
        if (!PASSWORD_PATHS.has(ctx.path)) return;
        const attempt = await passwordAttempt(ctx);
        if (!(ctx.context.returned instanceof Error)) return limiter.succeeded(attempt);
        if (ctx.path === "/sign-in/email") await recordSignInSafely(options.db, { email: attempt.email, succeeded: false, clientIp: attempt.ip, details: { via: "password" } });
        // A refused code at the sign-in's second step is a failed sign-in of its account, as a wrong
        // password is: whoever sent it had the password. The code itself is never recorded.
        const refusedCodeOf = await refusedSecondFactorAccount(ctx);
        if (refusedCodeOf) await recordSignInSafely(options.db, { userId: refusedCodeOf, succeeded: false, clientIp: attempt.ip, details: { via: "two-factor" } });
      }),
    },
    plugins: [
      // TOTP with backup codes (docs/product.md "Account security"). A wrong code counts with the
      // sign-in limiter (hooks above); the plugin also allows 5 codes per sign-in challenge, then
      // asks for the password again, and locks the account's codes after as many consecutive
      // failures as the limiter allows passwords, for as long.
      twoFactor({
        issuer: APP_NAME,
        accountLockout: { enabled: true, maxFailedAttempts: ACCOUNT_ATTEMPTS, durationSeconds: SIGN_IN_WINDOW_SECONDS },
      }),
      // WebAuthn's relying party is PUBLIC_URL's host name, or "localhost" without it: a browser
      // refuses a passkey for any other host (and for an IP address), so passkeys need PUBLIC_URL
      // outside development (docs/configuration.md). The expected origin is the request's Origin.
      passkey({ rpName: APP_NAME, rpID: passkeyRelyingPartyId(options.publicUrl) }),
      // OpenID Connect single sign-on: the instance's provider and the workspaces' (auth/sso-plugin.ts).
      ...ssoPlugins({ db: options.db, instance: options.sso ?? null }),
      // Last, so it copies the cookies the plugins' hooks set too (Next server actions).
      nextCookies(),
    ],
    telemetry: { enabled: false },
    logger: { log: logAuthMessage },
  } satisfies BetterAuthOptions);
}

export type Auth = ReturnType<typeof createAuth>;

const APP_NAME = "Quire";

/** The WebAuthn relying party id passkeys are bound to: PUBLIC_URL's host name, else "localhost". */
export function passkeyRelyingPartyId(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).hostname : "localhost";
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

// The audit log's words for how someone signed in, by the endpoint that made the session.
function signInMethod(path: string | undefined): string {
  if (!path) return "other";
  if (path.startsWith("/sign-in/email") || path.startsWith("/sign-up")) return "password";
  if (path.startsWith("/verify-email")) return "email link";
  if (path.includes("passkey")) return "passkey";
  if (path.includes("two-factor")) return "two-factor";
  if (path.includes("callback") || path.includes("oauth") || path.includes("sso")) return "single sign-on";
  return "other";
}

// Recording must never stop someone signing in: a failure is logged, not thrown.
async function recordSignInSafely(db: Db, attempt: Parameters<typeof recordSignIn>[1]): Promise<void> {
  try {
    await recordSignIn(db, attempt);
  } catch (error) {
    console.error("[audit] could not record a sign-in:", error instanceof Error ? error.message : error);
  }
}

// As for sign-ins: the change is made by then, and stays whether or not it could be recorded.
async function recordAccountChangeSafely(db: Db, change: Parameters<typeof recordAccountChange>[1]): Promise<void> {
  try {
    await recordAccountChange(db, change);
  } catch (error) {
    console.error(`[audit] could not record ${change.kind}:`, error instanceof Error ? error.message : error);
  }
}

// Without PUBLIC_URL the origin is derived from each request on purpose (see baseURL above), so
// better-auth's start-up warning about a missing base URL says nothing an operator should act on.
const INTENDED_WITHOUT_BASE_URL = "Base URL is not set";

function logAuthMessage(level: "debug" | "info" | "warn" | "error", message: string, ...details: unknown[]): void {
  if (level === "warn" && message.includes(INTENDED_WITHOUT_BASE_URL)) return;
  if (level === "debug") return;
  console[level](`[auth] ${message}`, ...details);
}

// A name our forms would refuse (empty, too long, a control character such as NUL, which the
// database would refuse with a 500) answers 400 with the form's message.
function refuseInvalidName(name: unknown): void {
  if (name === undefined) return;
  const result = PersonNameField.safeParse(name);
  if (result.success) return;
  throw new APIError("BAD_REQUEST", { message: result.error.issues[0]?.message ?? "Enter your name.", code: "INVALID_NAME" });
}

/** The process's auth instance over the process's database. */
export function getAuth(): Promise<Auth> {
  return processSingleton("auth", async () => {
    const env = getEnv();
    return createAuth({
      db: await getDb(),
      secret: getAuthSecret(),
      publicUrl: env.PUBLIC_URL,
      trustProxy: env.TRUST_PROXY === "1",
      mailer: getMailer(),
      sso: instanceSsoFrom(env),
    });
  });
}

/** "Too many sign-in attempts. Try again in 42 seconds." (or "in 15 minutes", rounded up, from a minute on). */
export function tooManyAttemptsMessage(seconds: number): string {
  if (seconds < 60) return `Too many sign-in attempts. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

// Who is giving a password, from where: server.ts stamps the client address on every request.
// The profile's password checks (verify-password for an email change, change-password) count as
// sign-ins to the session's account.
async function passwordAttempt(ctx: Parameters<typeof getSessionFromCtx>[0] & { path?: string; body?: { email?: unknown } }): Promise<SignInAttempt> {
  const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? null;
  if (ctx.path !== "/sign-in/email") return { ip, email: (await getSessionFromCtx(ctx))?.user.email };
  return { ip, email: typeof ctx.body?.email === "string" ? ctx.body.email : undefined };
}

// The Host header, not request.url: Next builds the URL from the custom server's bind address.
// Only to trust a request's own origin without PUBLIC_URL; never for a link (emails use `mail.origin`).
function requestOrigin(request: Request): string {
  const { protocol, host } = new URL(request.url);
  return `${protocol}//${request.headers.get("host") ?? host}`;
}

// better-auth's link goes through its own base URL; ours goes to its verify-email on `origin`
// (PUBLIC_URL's), keeping better-auth's callbackURL. The request change-email.ts passes is only
// marked when the send fails.
function sendVerificationEmailWith(mailer: Mailer, origin: string) {
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

// As for the email change: better-auth's link (to its GET /reset-password/:token, on its first
// base URL) is replaced by one straight to our page on `origin` (PUBLIC_URL's). The send is not
// awaited and a failure is only logged: waiting for SMTP, or saying it failed, would tell the
// form's user that the address has an account (no email goes to one without).
function sendResetPasswordWith(mailer: Mailer, origin: string) {
  return async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
    const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
    mailer.send(resetPasswordEmail({ to: user.email, name: user.name, link })).catch((error: unknown) => {
      console.error("[mail] password-reset email failed:", error instanceof Error ? error.message : error);
    });
  };
}

// better-auth runs the send as a background task and swallows its failure, so the request the
// caller passed is marked instead, and the caller asks (change-email.ts says "try again").
const unsentMailRequests = new WeakSet<Request>();

/** Whether an email better-auth was asked to send while handling `request` could not go out. */
export function mailFailedFor(request: Request): boolean {
  return unsentMailRequests.has(request);
}

function pickColor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? AVATAR_PALETTE[0].value;
}
