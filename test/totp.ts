import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

const PERIOD_SECONDS = 30;
const handedOut = new Map<string, Set<string>>();

/**
 * A code an authenticator app shows for the secret of an otpauth URI (base32), computed with the
 * library better-auth checks codes with: the current step's, and when a test has used that one
 * already (Quire refuses a code twice, auth/totp-replay.ts), the next step's or the previous
 * one's, which better-auth also accepts now — as a person would wait for the next code.
 * @throws Error when all three were handed out for this secret already
 */
export async function totpCode(base32Secret: string): Promise<string> {
  const otp = createOTP(base32.decode(base32Secret));
  const step = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
  const used = handedOut.get(base32Secret) ?? new Set<string>();
  handedOut.set(base32Secret, used);
  for (const offset of [0, 1, -1]) {
    const code = await otp.hotp(step + offset);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
  throw new Error("totpCode: the three codes accepted now were all used; a test needs a new secret or the next 30 s step");
}

/** A code no step near now has (the current one plus one, wrapped to six digits, unless that is one). */
export async function wrongTotpCode(base32Secret: string): Promise<string> {
  const otp = createOTP(base32.decode(base32Secret));
  const step = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
  const near = new Set(await Promise.all([-1, 0, 1].map((offset) => otp.hotp(step + offset))));
  let code = Number(await otp.hotp(step));
  do code = (code + 1) % 1_000_000;
  while (near.has(String(code).padStart(6, "0")));
  return String(code).padStart(6, "0");
}
