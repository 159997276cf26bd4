import type { TwoFactorSignInInput } from "@/shared/schemas/two-factor";
import type { Auth } from "@/server/auth/auth";
import { translateTwoFactorError } from "./translate-two-factor-error";

/**
 * The sign-in's second step: the code from the app, or a backup code (each works once), checked
 * by better-auth against the pending sign-in its two-factor cookie names (in `headers`); on
 * success its session cookie goes out with the response. Wrong codes count with the address's
 * sign-in attempts, 5 end the pending sign-in, and 10 in a row lock the account's codes for
 * 15 minutes (auth.ts).
 * @throws AppError validation_failed (wrong code) | rate_limited | unauthenticated (no pending sign-in, or it ended)
 */
export async function verifyTwoFactorSignIn(auth: Auth, input: TwoFactorSignInInput, headers: Headers): Promise<void> {
  try {
    if (input.method === "totp") await auth.api.verifyTOTP({ body: { code: input.code }, headers });
    else await auth.api.verifyBackupCode({ body: { code: input.code }, headers });
  } catch (error) {
    throw translateTwoFactorError(error);
  }
}
