import type { ConfirmTwoFactorInput } from "@/shared/schemas/two-factor";
import type { ServiceContext } from "@/server/context";
import type { AuthSession } from "./auth-session";
import { translateTwoFactorError } from "./translate-two-factor-error";

/**
 * Confirms the enrolment startTwoFactorEnrolment began with the app's current code (better-auth's
 * verifyTOTP): two-factor is on from then, and every workspace of the person records it.
 * auth/auth-database-hooks.ts records it, as better-auth makes the session that replaces this one:
 * /two-factor/verify-totp is the sign-in's second step too and stays open over HTTP, so a
 * confirmation sent there is recorded the same, once. The new session's cookie goes out with the response, so the caller must not
 * re-render with the request's old cookie.
 * @throws AppError validation_failed (wrong code) | conflict (nothing to confirm) | unauthenticated
 */
export async function confirmTwoFactor(_ctx: ServiceContext, input: ConfirmTwoFactorInput, session: AuthSession): Promise<void> {
  try {
    await session.auth.api.verifyTOTP({ body: { code: input.code }, headers: session.headers });
  } catch (error) {
    throw translateTwoFactorError(error);
  }
}
