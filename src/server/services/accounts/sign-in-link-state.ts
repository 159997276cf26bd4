import type { Auth } from "@/server/auth/auth";

/** better-auth's two-factor plugin's cookie naming the pending sign-in (its TWO_FACTOR_COOKIE_NAME). */
const TWO_FACTOR_COOKIE = "two_factor";

/**
 * Whether this browser has a sign-in waiting for its two-factor code: the plugin's signed cookie
 * names a verification row that is still there and unexpired. Read so `/login/two-factor` can send
 * someone with none straight back to sign-in instead of asking for a code that can only fail; the
 * signature and the attempt count are still the plugin's to check when the code is sent.
 */
export async function hasPendingTwoFactorSignIn(auth: Auth, cookies: { get(name: string): { value: string } | undefined }): Promise<boolean> {
  const context = await auth.$context;
  const signed = cookies.get(context.createAuthCookie(TWO_FACTOR_COOKIE).name)?.value;
  if (!signed) return false;
  // A cookie the plugin wrote decodes; one with a broken escape (`%E0%A4%A`) or a NUL names no sign-in.
  let identifier: string;
  try {
    identifier = decodeURIComponent(signed).replace(/\.[^.]*$/, "");
  } catch {
    return false;
  }
  if (!isTokenShaped(identifier)) return false;
  return isLive(await context.internalAdapter.findVerificationValue(identifier));
}

/**
 * Whether an emailed reset link's token can still set a password (better-auth's own row for it,
 * unexpired; a used one is deleted), so `/reset-password` says "ask for a new link" at once.
 */
export async function isResetTokenLive(auth: Auth, token: string): Promise<boolean> {
  if (!isTokenShaped(token)) return false;
  const { internalAdapter } = await auth.$context;
  return isLive(await internalAdapter.findVerificationValue(`reset-password:${token}`));
}

/**
 * Whether `token` could be one Quire made (printable ASCII, as every emailed link's is). Anything
 * else (a NUL byte from `?token=%00`, other control or non-ASCII characters the database may refuse
 * to compare) is no link's, and is answered "expired or used" without asking the database.
 */
export function isTokenShaped(token: string): boolean {
  return /^[\x21-\x7e]{1,200}$/.test(token);
}

function isLive(row: { expiresAt: Date | string } | null | undefined): boolean {
  return !!row && new Date(row.expiresAt).getTime() > Date.now();
}
