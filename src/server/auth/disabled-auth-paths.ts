/**
 * better-auth's endpoints closed over HTTP (its `disabledPaths`); the use cases still call them
 * in-process through `auth.api`.
 *
 * Changing the email goes through the profile page, which asks for the current password first (a
 * stolen session alone can't take the account over), and no screen re-sends verification emails.
 * A password-reset link is asked for through the "Forgot password?" page only, which limits
 * requests per address (services/accounts/request-password-reset.ts), and used through its own
 * page only (services/accounts/reset-password.ts), which also confirms the address, ends the
 * account's other links and reclaims an account whose address it proves for the first time:
 * better-auth's endpoint would set the password and do none of that.
 * No screen unlinks a sign-in method, and unlinking the password (a session alone may, as long
 * as another account is linked) would make the account passwordless: exempt, without any
 * second factor, from a workspace's two-factor requirement (auth/password-flag.ts).
 * Two-factor and passkeys are set up, changed and removed on Profile → Security only, whose use
 * cases record each change in the audit log (the browser calls no /api/auth endpoint for them):
 * over HTTP the same changes would go unrecorded, and get-totp-uri would hand a stolen session
 * with the password the secret itself. The sign-in's steps (/two-factor/verify-totp,
 * /verify-backup-code, /passkey/generate-authenticate-options, /verify-authentication) stay.
 * Codes sent by email (the plugin's OTP method) are not Quire's: no sender is configured, the
 * enrolment never offers them, and the sign-in asks for the app's code or a backup code only.
 */
export const DISABLED_AUTH_PATHS = [
  "/change-email",
  "/send-verification-email",
  "/request-password-reset",
  "/reset-password",
  "/unlink-account",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  "/two-factor/get-totp-uri",
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
  "/passkey/generate-register-options",
  "/passkey/verify-registration",
  "/passkey/update-passkey",
  "/passkey/delete-passkey",
];
