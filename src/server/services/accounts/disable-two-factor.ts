import type { TwoFactorPasswordInput } from "@/shared/schemas/two-factor";
import type { ServiceContext } from "@/server/context";
import { recordAccountEvent } from "@/server/services/audit/internal/record-account-event";
import type { AuthSession } from "./auth-session";
import { translateTwoFactorError } from "./translate-two-factor-error";

/**
 * Turns two-factor off for the session's own user after the password (better-auth's
 * disableTwoFactor): the secret and backup codes are deleted. Like confirmTwoFactor, better-auth
 * replaces the session. A workspace that requires two-factor sends the person back to enrol.
 * @throws AppError validation_failed (wrong password) | rate_limited | unauthenticated
 */
export async function disableTwoFactor(ctx: ServiceContext, input: TwoFactorPasswordInput, session: AuthSession): Promise<void> {
  try {
    await session.auth.api.disableTwoFactor({ body: { password: input.password }, headers: session.headers });
  } catch (error) {
    throw translateTwoFactorError(error);
  }
  await recordAccountEvent(ctx, "account.two_factor_disabled");
}
