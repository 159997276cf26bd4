import { and, eq, exists, isNotNull } from "drizzle-orm";
import { APIError, getSessionFromCtx } from "better-auth/api";
import type { Db } from "@/server/db/client";
import { accounts, users } from "@/server/db/schema";
import { UNCONFIRMED_PASSKEY_MESSAGE, UNCONFIRMED_SESSION_MESSAGE } from "@/shared/address-confirmation";

/** The error code of a session ended because its account must confirm its address first. */
export const UNCONFIRMED_SESSION_CODE = "EMAIL_NOT_CONFIRMED";

/**
 * Whether an account must confirm its address before it may act, while addresses must be confirmed
 * (SMTP set up: auth.ts `requireEmailVerification`): its address is unconfirmed and it has a
 * password. That is exactly the account whose password sign-in is refused; an account without one
 * (single sign-on made it) signs in through its provider, which that refusal never applied to.
 */
export function mustConfirmAddress(user: { emailVerified?: unknown; hasPassword?: unknown }): boolean {
  return user.emailVerified !== true && user.hasPassword !== false;
}

// The ways in and out, which act on no existing session: a browser still holding an ended one's
// cookie must be able to sign in (or out, or open a link) without being refused for it.
const WAYS_IN_AND_OUT = [
  "/sign-in/",
  "/sign-up/",
  "/sign-out",
  "/verify-email",
  "/reset-password",
  "/request-password-reset",
  "/callback/",
  "/oauth2/callback/",
  "/two-factor/verify-",
  "/passkey/generate-authenticate-options",
  "/passkey/verify-authentication",
  "/error",
  "/ok",
];

type HookContext = Parameters<typeof getSessionFromCtx>[0] & { path?: string };

/**
 * For auth-request-hooks.ts's before-hook, while addresses must be confirmed: a request to any other endpoint of
 * better-auth with the session of an account that must confirm its address first ends that session
 * and is refused. Sessions such an account already had when SMTP was set up (or made by a passkey
 * before that was refused) would otherwise act on: changing the password, listing or linking
 * accounts. `/get-session` is checked after it has read the session instead (`endUnconfirmedSessionRead`),
 * which saves the page requests that resolve their caller through it a second read.
 * @throws APIError 401 EMAIL_NOT_CONFIRMED, once the session is deleted
 */
export async function endUnconfirmedSession(ctx: HookContext): Promise<void> {
  const path = ctx.path ?? "";
  if (path === "/get-session" || WAYS_IN_AND_OUT.some((prefix) => path.startsWith(prefix))) return;
  const session = await getSessionFromCtx(ctx);
  if (session) await refuseUnconfirmed(ctx, session);
}

/**
 * For auth-request-hooks.ts's after-hook on `/get-session` (every page, action, API call and socket resolves its
 * caller through it, auth/resolve-caller.ts): the session it read, of an account that must confirm
 * its address first, is ended, and the answer is the refusal instead of the session.
 * @throws APIError 401 EMAIL_NOT_CONFIRMED, once the session is deleted
 */
export async function endUnconfirmedSessionRead(ctx: HookContext & { context: { returned?: unknown } }): Promise<void> {
  if (ctx.path !== "/get-session") return;
  const read = ctx.context.returned;
  if (!read || typeof read !== "object" || !("session" in read) || !("user" in read)) return;
  await refuseUnconfirmed(ctx, read as { session: { token: string }; user: Record<string, unknown> });
}

/**
 * For the session-create hook, while addresses must be confirmed: no way in makes a session for an
 * account that must confirm its address first. The password is refused before this (better-auth's
 * requireEmailVerification, which mails a new link); a passkey is not, so this refuses it.
 * @throws APIError 403 EMAIL_NOT_VERIFIED
 */
export async function refuseUnconfirmedSignIn(db: Db, userId: string): Promise<void> {
  // Whether it has a password is read from its accounts rather than users.has_password, which an
  // account hook sets: a first single sign-on makes the user, its account and its session in one go.
  const password = exists(
    db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential"), isNotNull(accounts.password))),
  );
  const [account] = await db.select({ emailVerified: users.emailVerified, hasPassword: password }).from(users).where(eq(users.id, userId)).limit(1);
  if (account && mustConfirmAddress(account)) throw new APIError("FORBIDDEN", { code: "EMAIL_NOT_VERIFIED", message: UNCONFIRMED_PASSKEY_MESSAGE });
}

/** Whether an error is the refusal of a session ended because its account must confirm its address. */
export function isUnconfirmedSessionError(error: unknown): boolean {
  return error instanceof APIError && error.body?.code === UNCONFIRMED_SESSION_CODE;
}

async function refuseUnconfirmed(ctx: HookContext, session: { session: { token: string }; user: Record<string, unknown> }): Promise<void> {
  if (!mustConfirmAddress(session.user)) return;
  await ctx.context.internalAdapter.deleteSession(session.session.token);
  ctx.context.session = null;
  throw new APIError("UNAUTHORIZED", { code: UNCONFIRMED_SESSION_CODE, message: UNCONFIRMED_SESSION_MESSAGE });
}
