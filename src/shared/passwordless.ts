// What the account pages and their use cases say to an account without a password (single
// sign-on made it): shared by server use cases and the client forms that show it in their place.

/** The email can't be changed: nothing to confirm the change with (profile page, changeEmail). */
export const EMAIL_FROM_PROVIDER_MESSAGE =
  "Your account has no password to confirm a change with, so its email can't be changed here: it is the address your single sign-on provider gave when you first signed in.";

/** Two-factor is not asked of it (Profile → Security, policies/workspace-policy.ts `mustEnrolTwoFactor`). */
export const PASSWORDLESS_TWO_FACTOR_TEXT =
  "Not needed: your account has no password. You sign in through single sign-on, where your provider's own checks apply, or with a passkey. Workspaces that require two-factor authentication let you in.";
