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
