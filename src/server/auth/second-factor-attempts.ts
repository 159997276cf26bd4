import { getSessionFromCtx } from "better-auth/api";

// The sign-in's second step: the plugin's endpoints that take a code typed at sign-in (the app's
// code or a backup code). Emailed codes are not Quire's (disabled-auth-paths.ts).
const SECOND_FACTOR_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

// better-auth's two-factor plugin names its pending sign-in's cookie "<prefix>.two_factor"
// (TWO_FACTOR_COOKIE_NAME, not exported).
const PENDING_SIGN_IN_COOKIE = "two_factor";

type HookContext = Parameters<typeof getSessionFromCtx>[0] & { path?: string };

// Which account each code request's pending sign-in names, read before the plugin runs: once
// too many codes were wrong it consumes the pending sign-in, and the account could no longer be
// read afterwards. Keyed by the request's headers, the one object better-auth hands both hooks.
const pendingAccounts = new WeakMap<Headers, string>();

/**
 * For auth-request-hooks.ts's before-hook: remembers which account the pending sign-in a code is sent for
 * belongs to (its signed cookie names a verification row whose value is the user id), so a
 * failure can be recorded against it. Nothing for other paths or without a pending sign-in.
 */
export async function notePendingSignIn(ctx: HookContext): Promise<void> {
  if (!ctx.path || !SECOND_FACTOR_PATHS.has(ctx.path) || !ctx.headers) return;
  const cookie = ctx.context.createAuthCookie(PENDING_SIGN_IN_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (pending?.value) pendingAccounts.set(ctx.headers, pending.value);
}

/**
 * For auth-request-hooks.ts's after-hook: the account whose sign-in a refused code was sent for, when the code
 * was typed at sign-in (a wrong or reused app code, a wrong backup code, one sent while the codes
 * are locked or after the pending sign-in had too many): a failed sign-in of that account
 * (docs/product.md "Audit log"). Null for a code sent with a session (confirming an enrolment is
 * no sign-in), for a success, and when no pending sign-in named an account.
 */
export async function refusedSecondFactorAccount(ctx: HookContext & { context: { returned?: unknown } }): Promise<string | null> {
  if (!ctx.path || !SECOND_FACTOR_PATHS.has(ctx.path) || !ctx.headers) return null;
  const userId = pendingAccounts.get(ctx.headers);
  if (!userId || !(ctx.context.returned instanceof Error)) return null;
  if (await getSessionFromCtx(ctx)) return null;
  return userId;
}
