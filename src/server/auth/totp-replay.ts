import crypto from "node:crypto";
import { and, count, eq, gt, lt } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { Db } from "@/server/db/client";
import { verifications } from "@/server/db/schema";

/**
 * How long a used code stays refused: better-auth accepts the code of the 30 s step before and
 * after the current one, so one code is good for up to 90 s (plus a margin for clocks).
 */
const USED_FOR_SECONDS = 120;

export const TOTP_REUSED = "TOTP_REUSED";

/**
 * Refuses an authenticator code the account has already used (RFC 6238 §5.2: a verifier must not
 * accept the same code twice), so a code seen over someone's shoulder or in a log can't sign in
 * a second time while it is still current. Called once better-auth has found the code right,
 * as it makes the session. Used codes are kept, hashed, in better-auth's verification table
 * (expiring rows it already has), so every instance sees them.
 * @throws APIError TOTP_REUSED
 */
export async function refuseReusedTotp(db: Db, userId: string, code: string, now = new Date()): Promise<void> {
  const identifier = `totp-used:${userId}:${crypto.createHash("sha256").update(code).digest("hex")}`;
  await db.delete(verifications).where(and(eq(verifications.identifier, identifier), lt(verifications.expiresAt, now)));
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier,
    value: "used",
    expiresAt: new Date(now.getTime() + USED_FOR_SECONDS * 1000),
    createdAt: now,
    updatedAt: now,
  });
  // Counted after the insert: of two requests with one code at the same moment, neither signs in.
  const [uses] = await db.select({ n: count() }).from(verifications).where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, now)));
  if ((uses?.n ?? 0) > 1) {
    throw new APIError("UNAUTHORIZED", { message: "That code was used already. Enter the next code your authenticator app shows.", code: TOTP_REUSED });
  }
}
