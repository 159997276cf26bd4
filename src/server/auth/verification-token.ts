/**
 * Whether a better-auth email-verification token moves an account to a new address (its payload
 * names `updateTo`: the profile's email change) rather than confirming the account's own (a
 * refused sign-in's new link). Only read to word the email: better-auth made and signed the token
 * a moment ago, and its verify-email endpoint checks it when the link is opened.
 */
export function isEmailChangeToken(token: string): boolean {
  const payload = token.split(".")[1];
  if (!payload) return false;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return typeof claims === "object" && claims !== null && typeof (claims as { updateTo?: unknown }).updateTo === "string";
  } catch {
    return false;
  }
}
