import { betterAuth } from "better-auth";
import type { BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { twoFactor } from "better-auth/plugins/two-factor";
import { passkey } from "@better-auth/passkey";
import { AvatarColorField } from "@/shared/schemas/profile";
import type { Db } from "@/server/db/client";
import { getDb } from "@/server/db/database";
import * as schema from "@/server/db/schema";
import { getEnv } from "@/server/env";
import { CLIENT_IP_HEADER, isBehindTrustedProxy } from "./client-ip";
import { processSingleton } from "@/server/process-singleton";
import { getAuthSecret } from "./auth-secret";
import { CONFIRM_NEW_EMAIL_HOURS } from "@/server/mail/account-emails";
import { RESET_PASSWORD_HOURS } from "@/server/mail/password-emails";
import type { Mailer } from "@/server/mail/mailer";
import { getMailer } from "@/server/mail/mailer";
import { mailLinkOrigin } from "@/server/mail/mail-link-origin";
import { authDatabaseHooks } from "./auth-database-hooks";
import { sendExistingAccountEmailWith, sendResetPasswordWith, sendVerificationEmailWith } from "./auth-mail-senders";
import { authRequestHooks } from "./auth-request-hooks";
import { DISABLED_AUTH_PATHS } from "./disabled-auth-paths";
import { passkeyRelyingPartyId } from "./passkey-relying-party";
import { ACCOUNT_ATTEMPTS, SIGN_IN_WINDOW_SECONDS } from "./sign-in-limiter";
import { ssoPlugins } from "./sso-plugin";
import type { InstanceSso } from "./sso-providers";
import { instanceSsoFrom } from "./sso-providers";

const SESSION_DAYS = 30;
const APP_NAME = "Quire";

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

/**
 * Builds the better-auth instance: email + password, 30-day rolling sessions, sign-in limits.
 * What it runs around the endpoints is in auth-database-hooks.ts and auth-request-hooks.ts, what
 * it emails in auth-mail-senders.ts, the endpoints it closes over HTTP in disabled-auth-paths.ts.
 */
export function createAuth(options: CreateAuthOptions) {
  // Emailed links point to the public origin only, never to a request's Host (auth-mail-senders.ts).
  // Throws without publicUrl; env.ts refuses SMTP_URL without PUBLIC_URL at start.
  const mail = options.mailer ? { mailer: options.mailer, origin: mailLinkOrigin({ PUBLIC_URL: options.publicUrl }) } : null;
  // With a mailer, addresses must be confirmed (requireEmailVerification below).
  const mustConfirmAddresses = Boolean(options.mailer);
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
      requireEmailVerification: mustConfirmAddresses,
      // Sign-ups straight to /api/auth/sign-up/email tell the owner of a taken address.
      onExistingUserSignUp: sendExistingAccountEmailWith(mail),
      // A reset signs every session out: whoever made someone reset their password may hold one.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_HOURS * 3600,
      // Only services/accounts/request-password-reset.ts asks for a link (the HTTP path is
      // disabled below), after its limit per address.
      ...(mail ? { sendResetPassword: sendResetPasswordWith(mail) } : {}),
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
        // the create hook (auth-database-hooks.ts) picks it whatever the body says.
        color: { type: "string", required: false, input: true, validator: { input: AvatarColorField } },
        // Read with the session's user (Actor.passwordless); the account hooks keep it.
        hasPassword: { type: "boolean", required: false, input: false, defaultValue: true },
      },
      // services/accounts/change-email.ts asks for the password first, then calls this; with a
      // mailer the link goes to the new address and the email changes when it is opened.
      changeEmail: { enabled: true },
    },
    databaseHooks: authDatabaseHooks({ db: options.db, mustConfirmAddresses }),
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
      ...(mail ? { sendVerificationEmail: sendVerificationEmailWith(mail) } : {}),
    },
    // Not over HTTP, though the use cases call them (disabled-auth-paths.ts says why, one by one).
    disabledPaths: DISABLED_AUTH_PATHS,
    rateLimit: {
      // better-auth's own limiter keeps its defaults elsewhere; sign-in is ours (auth-request-hooks.ts),
      // because docs/product.md "Limits" counts an account's failures per address, and each address's apart.
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
    hooks: authRequestHooks({ db: options.db, mustConfirmAddresses }),
    plugins: [
      // TOTP with backup codes (docs/product.md "Account security"). A wrong code counts with the
      // sign-in limiter (auth-request-hooks.ts); the plugin also allows 5 codes per sign-in
      // challenge, then asks for the password again, and locks the account's codes after as many
      // consecutive failures as the limiter allows passwords, for as long.
      twoFactor({
        issuer: APP_NAME,
        accountLockout: { enabled: true, maxFailedAttempts: ACCOUNT_ATTEMPTS, durationSeconds: SIGN_IN_WINDOW_SECONDS },
      }),
      // WebAuthn's relying party is PUBLIC_URL's host name, or "localhost" without it
      // (passkey-relying-party.ts). The expected origin is the request's Origin.
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

/** The process's auth instance over the process's database. */
export function getAuth(): Promise<Auth> {
  return processSingleton("auth", async () => {
    const env = getEnv();
    return createAuth({
      db: await getDb(),
      secret: getAuthSecret(),
      publicUrl: env.PUBLIC_URL,
      trustProxy: isBehindTrustedProxy(env),
      mailer: getMailer(),
      sso: instanceSsoFrom(env),
    });
  });
}

// Without PUBLIC_URL the origin is derived from each request on purpose (see baseURL above), so
// better-auth's start-up warning about a missing base URL says nothing an operator should act on.
const INTENDED_WITHOUT_BASE_URL = "Base URL is not set";

function logAuthMessage(level: "debug" | "info" | "warn" | "error", message: string, ...details: unknown[]): void {
  if (level === "warn" && message.includes(INTENDED_WITHOUT_BASE_URL)) return;
  if (level === "debug") return;
  console[level](`[auth] ${message}`, ...details);
}

// The Host header, not request.url: Next builds the URL from the custom server's bind address.
// Only to trust a request's own origin without PUBLIC_URL; never for a link (emails use `mail.origin`).
function requestOrigin(request: Request): string {
  const { protocol, host } = new URL(request.url);
  return `${protocol}//${request.headers.get("host") ?? host}`;
}
