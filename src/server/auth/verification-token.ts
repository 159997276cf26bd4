/**
 * Whether a better-auth email-verification token moves an account to a new address (its payload
 * names `updateTo`: the profile's email change) rather than confirming the account's own (a
 * refused sign-in's new link). Only read to word the email: better-auth made and signed the token
 * a moment ago, and its verify-email endpoint checks it when the link is opened.
 */
export function isEmailChangeToken(token: string): boolean {
  return emailChangeClaims(token) !== null;
}

/**
 * The account and the issue time (Unix seconds) an email-change token names, read from its payload
 * without checking its signature: only ever to refuse it (auth/email-change-cutoff.ts), never to
 * accept it, which better-auth's verify-email does after checking the signature. Null for any other
 * token, or one that doesn't parse.
 */
export function emailChangeClaims(token: string): { userId: string | null; issuedAt: number | null } | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (typeof claims !== "object" || claims === null || typeof (claims as { updateTo?: unknown }).updateTo !== "string") return null;
    const { userId, iat } = claims as { userId?: unknown; iat?: unknown };
    return { userId: typeof userId === "string" ? userId : null, issuedAt: typeof iat === "number" ? iat : null };
  } catch {
    return null;
  }
}
