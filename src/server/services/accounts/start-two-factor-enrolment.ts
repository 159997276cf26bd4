import type { TwoFactorPasswordInput } from "@/shared/schemas/two-factor";
import type { ServiceContext } from "@/server/context";
import type { AuthSession } from "./auth-session";
import { translateTwoFactorError } from "./translate-two-factor-error";

/** What the person copies into their authenticator app and keeps: shown once, never stored in the clear. */
export interface TwoFactorEnrolment {
  /** The otpauth:// URI the QR code carries. */
  totpUri: string;
  /** The same secret as text (base32), for typing into an app by hand. */
  secret: string;
  backupCodes: string[];
}

/**
 * Starts turning two-factor on for the session's own user through better-auth's enableTwoFactor
 * after the password: a new secret and backup codes, which count only once a code from the app
 * confirms them (confirmTwoFactor). Starting again before confirming replaces both.
 * @throws AppError validation_failed (wrong password) | conflict (already on) | rate_limited | unauthenticated
 */
export async function startTwoFactorEnrolment(_ctx: ServiceContext, input: TwoFactorPasswordInput, session: AuthSession): Promise<TwoFactorEnrolment> {
  try {
    const result = await session.auth.api.enableTwoFactor({ body: { password: input.password }, headers: session.headers });
    if (!("totpURI" in result) || !result.totpURI || !result.backupCodes) throw new Error("enableTwoFactor returned no TOTP URI");
    const secret = new URL(result.totpURI).searchParams.get("secret");
    if (!secret) throw new Error("The TOTP URI has no secret");
    return { totpUri: result.totpURI, secret, backupCodes: result.backupCodes };
  } catch (error) {
    throw translateTwoFactorError(error);
  }
}
