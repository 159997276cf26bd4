import crypto from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { Db, Tx } from "@/server/db/client";
import { verifications } from "@/server/db/schema";
import { CONFIRM_NEW_EMAIL_HOURS } from "@/server/mail/account-emails";
import { emailChangeClaims } from "./verification-token";

const CUTOFF_PREFIX = "email-change-cutoff:";

/**
 * Ends every email change still waiting for its link to be opened, for an account that changed
 * hands (a reset reclaimed it, services/accounts/internal/reclaim-account.ts). better-auth's
 * links are signed tokens it stores nowhere, so they can't be deleted: a row in its verification
 * table names the moment instead, and a link issued up to then is refused (refuseVoidedEmailChange).
 * The row lasts as long as such a link could (CONFIRM_NEW_EMAIL_HOURS), so every instance sees it.
 */
export async function voidPendingEmailChanges(db: Db | Tx, userId: string, now = new Date()): Promise<void> {
  const identifier = `${CUTOFF_PREFIX}${userId}`;
  await db.delete(verifications).where(eq(verifications.identifier, identifier));
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier,
    value: String(Math.floor(now.getTime() / 1000)),
    expiresAt: new Date(now.getTime() + CONFIRM_NEW_EMAIL_HOURS * 3_600_000),
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * For auth-request-hooks.ts's before-hook on `/verify-email`: an email-change link issued before its account's
 * cutoff changes nothing. It answers as better-auth answers a bad link: a redirect to its
 * callback with `error=INVALID_TOKEN` (the profile then says the address is unchanged), or 401.
 * @throws APIError the redirect, or 401 INVALID_TOKEN
 */
export async function refuseVoidedEmailChange(db: Db, ctx: { path?: string; query?: Record<string, unknown>; redirect: (url: string) => unknown }): Promise<void> {
  if (ctx.path !== "/verify-email" || typeof ctx.query?.token !== "string") return;
  const claims = emailChangeClaims(ctx.query.token);
  if (!claims?.userId) return;
  const [cutoff] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, `${CUTOFF_PREFIX}${claims.userId}`), gt(verifications.expiresAt, new Date())))
    .limit(1);
  if (!cutoff || (claims.issuedAt !== null && claims.issuedAt > Number(cutoff.value))) return;
  const callbackURL = typeof ctx.query.callbackURL === "string" ? ctx.query.callbackURL : null;
  if (callbackURL) throw ctx.redirect(`${callbackURL}${callbackURL.includes("?") ? "&" : "?"}error=INVALID_TOKEN`);
  throw new APIError("UNAUTHORIZED", { code: "INVALID_TOKEN", message: "This link is no longer valid." });
}
