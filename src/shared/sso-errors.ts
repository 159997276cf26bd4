/** A workspace's provider asserted the address of an account it did not create (auth/sso-plugin.ts). */
export const WORKSPACE_SSO_CANNOT_LINK = "workspace_sso_cannot_link";

/**
 * What the sign-in page says when single sign-on comes back with an error: better-auth redirects
 * to the page with `?error=<code>` (and for our own refusals `error_description`).
 */
export function ssoErrorMessage(code: string, description?: string): string {
  if (code === "email_domain_not_allowed") return description ?? "Your email's domain is not allowed to sign in here.";
  if (code === "account_not_linked") {
    return "An account with this email already exists, and the sign-in provider did not confirm that the address is yours (or the account's address is not confirmed yet). Sign in with your password instead.";
  }
  if (code === WORKSPACE_SSO_CANNOT_LINK) {
    return "An account with this email already exists. Sign in with its password instead: a workspace's own sign-in provider signs in only the accounts it created.";
  }
  if (code === "access_denied") return "The sign-in provider did not let you in.";
  return `Single sign-on failed (${code.slice(0, 60)}). Try again.`;
}
