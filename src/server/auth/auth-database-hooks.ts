import type { BetterAuthOptions } from "better-auth";
import { AVATAR_COLORS, AVATAR_PALETTE } from "@/shared/avatar-colors";
import type { Db } from "@/server/db/client";
import { clientIpOf } from "./client-ip";
import { refuseLinkSignInPastTwoFactor } from "./confirmation-sign-in";
import { refreshPasswordFlagOf } from "./password-flag";
import { awaitsSecondFactor, recordAccountChangeSafely } from "./record-account-change";
import { recordSignInSafely } from "./record-sign-in";
import { refuseReusedTotp } from "./totp-replay";
import { refuseUnconfirmedSignIn } from "./unconfirmed-accounts";

/**
 * better-auth's `databaseHooks`: what follows a user, an account or a session being written,
 * whichever endpoint writes it. A new user gets an avatar colour, a new address confirmed by its
 * link is marked so, users.has_password follows the accounts, and every new session is checked
 * (a reused code, a link past two-factor, an unconfirmed address while `mustConfirmAddresses`)
 * and recorded in the audit log as a sign-in, or as turning two-factor on.
 */
export function authDatabaseHooks(options: { db: Db; mustConfirmAddresses: boolean }): BetterAuthOptions["databaseHooks"] {
  const { db } = options;
  return {
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
      create: { after: async (account) => refreshPasswordFlagOf(db, account) },
      update: { after: async (account) => refreshPasswordFlagOf(db, account) },
      delete: { after: async (account) => refreshPasswordFlagOf(db, account) },
    },
    session: {
      create: {
        // A right authenticator code makes a session: the same code never makes a second one.
        before: async (session, ctx) => {
          if (ctx?.path === "/two-factor/verify-totp") await refuseReusedTotp(db, session.userId, String((ctx.body as { code?: unknown } | undefined)?.code ?? ""));
          // A confirmation link signs in with no second factor: not into an account that has one.
          if (ctx?.path === "/verify-email") await refuseLinkSignInPastTwoFactor(db, session.userId, ctx);
          // While addresses must be confirmed, no way in (a passkey) signs in an account whose
          // password would be refused for want of it (auth/unconfirmed-accounts.ts).
          if (options.mustConfirmAddresses) await refuseUnconfirmedSignIn(db, session.userId);
        },
        // Every way in makes a session: password, links, and whatever a plugin adds. A session made
        // for a request that already has one replaces it (two-factor turned on or off): no sign-in.
        // Confirming an enrolment's code makes such a one, and turns two-factor on: recorded here,
        // for the profile's action and better-auth's own endpoint alike (record-account-change.ts).
        after: async (session, ctx) => {
          if (ctx?.path === "/two-factor/verify-totp" && ctx.context.session) {
            await recordAccountChangeSafely(db, { userId: session.userId, kind: "account.two_factor_enabled", clientIp: (ctx.headers && clientIpOf(ctx.headers)) ?? null });
            return;
          }
          if (ctx?.context.session) return;
          // With two-factor on, the password step's session is deleted at once and a code asked
          // for: the sign-in is recorded once, when the code makes the session that lasts.
          if (ctx?.path === "/sign-in/email" && (await awaitsSecondFactor(db, session.userId))) return;
          await recordSignInSafely(db, { userId: session.userId, succeeded: true, clientIp: session.ipAddress ?? null, details: { via: signInMethod(ctx?.path) } });
        },
      },
    },
  };
}

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

// A palette colour chosen by the email, so the same address gets the same colour.
function pickColor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? AVATAR_PALETTE[0].value;
}
