// What the sign-in page says about an address not confirmed yet (SMTP set up): shared by the sign-in
// form, the page a confirmation link may land on, and the tests that follow them.

/** A right password for an account whose address isn't confirmed: nobody signed in, a new link (working `hours`) mailed. */
export function unconfirmedSignInMessage(email: string, hours: number): string {
  return `Confirm your email address before signing in. We sent a new link to ${email}: open it to confirm the address and sign in. It works for ${hours} hours.`;
}

/** Where a confirmation link goes instead of signing in, for an account with two-factor on (auth/confirmation-sign-in.ts). */
export const ADDRESS_CONFIRMED_LOGIN_PATH = "/login?confirmed=1";

/** What the sign-in page says there. */
export const ADDRESS_CONFIRMED_MESSAGE = "Your email address is confirmed. Sign in with your password and your authenticator's code.";

/**
 * The sign-in page's note for a session ended because its account's address isn't confirmed while
 * SMTP is set up (auth/unconfirmed-accounts.ts): requireActor sends such a visitor there.
 */
export const UNCONFIRMED_SESSION_LOGIN_PARAM = "unconfirmed";

/** What a session ended that way is told: the sign-in page, an action's answer, the API's 401. */
export const UNCONFIRMED_SESSION_MESSAGE =
  "You were signed out because this account's email address isn't confirmed. Sign in with your password, and we'll email you a link that confirms it.";

/** A passkey of such an account signs nobody in: the password sign-in is what mails the link. */
export const UNCONFIRMED_PASSKEY_MESSAGE =
  "This account's email address isn't confirmed yet. Sign in with your password, and we'll email you a link that confirms it.";

/** An API token of such an account: it works again once its owner has confirmed the address. */
export const UNCONFIRMED_TOKEN_MESSAGE =
  "This API token's account hasn't confirmed its email address. Its owner signs in with their password and opens the link Quire emails; the token then works again.";

/** The sign-in page's path for a visitor whose session ended that way, coming back to `next` once signed in. */
export function unconfirmedSessionLoginPath(next?: string): string {
  return `/login?${UNCONFIRMED_SESSION_LOGIN_PARAM}=1${next ? `&next=${encodeURIComponent(next)}` : ""}`;
}

/**
 * The sign-in page after a reset that reclaimed the account: its address wasn't confirmed, so
 * whatever someone else may have set up on it was removed.
 */
export const RECLAIMED_MESSAGE =
  "This account's email address wasn't confirmed before, so anyone could have set it up. Everything else that signed in to it or acted for it is removed: passkeys, two-factor authentication, other sign-in methods and API tokens. Set up again what you need on Profile → Security.";
