import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/**
 * The code an authenticator app shows now for the secret of an otpauth URI (base32), computed with
 * the library better-auth checks codes with.
 */
export function totpCode(base32Secret: string): Promise<string> {
  return createOTP(base32.decode(base32Secret)).totp();
}

/** A code that is not the current one (the current one plus one, wrapped to six digits). */
export async function wrongTotpCode(base32Secret: string): Promise<string> {
  return String((Number(await totpCode(base32Secret)) + 1) % 1_000_000).padStart(6, "0");
}
