import { setTimeout as sleep } from "node:timers/promises";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

const PERIOD_MS = 30_000;
/** The longest a test takes from asking for a code to sending it (a password step between, on a slow machine). */
const SENT_WITHIN_MS = 15_000;
const handedOut = new Map<string, Set<string>>();

/**
 * A code an authenticator app shows for the secret of an otpauth URI (base32), computed with the
 * library better-auth checks codes with. Quire refuses a code twice (auth/totp-replay.ts), so each
 * call hands out a code no earlier call did. better-auth accepts the steps before and after the
 * current one; the next step's code comes first because it stays good longest (60-90 s), then the
 * current one's (30-60 s), then the previous one's only while at least SENT_WITHIN_MS of the step
 * is left; otherwise the call waits for the next step, as a person waits for the next code. (The
 * previous step's code, handed out at the end of a step, expired before a slow machine sent it.)
 */
export async function totpCode(base32Secret: string): Promise<string> {
  const otp = createOTP(base32.decode(base32Secret));
  const used = handedOut.get(base32Secret) ?? new Set<string>();
  handedOut.set(base32Secret, used);
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / PERIOD_MS);
    const leftInStep = (step + 1) * PERIOD_MS - now;
    for (const offset of leftInStep >= SENT_WITHIN_MS ? [1, 0, -1] : [1, 0]) {
      const code = await otp.hotp(step + offset);
      if (!used.has(code)) {
        used.add(code);
        return code;
      }
    }
    await sleep(leftInStep + 50);
  }
}

/** A code no step near now has (the current one plus one, wrapped to six digits, unless that is one). */
export async function wrongTotpCode(base32Secret: string): Promise<string> {
  const otp = createOTP(base32.decode(base32Secret));
  const step = Math.floor(Date.now() / PERIOD_MS);
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((offset) => otp.hotp(step + offset))));
  let code = Number(await otp.hotp(step));
  do code = (code + 1) % 1_000_000;
  while (near.has(String(code).padStart(6, "0")));
  return String(code).padStart(6, "0");
}
