import { and, eq, inArray, isNull, like, ne, or } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { accounts, apiTokens, passkeys, sessions, twoFactors, users, verifications } from "@/server/db/schema";
import { voidPendingEmailChanges } from "@/server/auth/email-change-cutoff";
import { recordAccountEvent } from "@/server/services/audit/internal/record-account-event";

/** What a reclaim took away from the account: counts for the audit log and the sign-in page. */
export interface ReclaimedAccount {
  passkeys: number;
  /** Whether two-factor (its secret and backup codes) was set up, even unconfirmed. */
  twoFactor: boolean;
  apiTokens: number;
  /** Single sign-on links (the instance's provider or a workspace's). */
  signInMethods: number;
}

/**
 * Takes every way into an account, and every way to act for it, away from whoever set them up
 * before its address was confirmed: a reset link went to the address, so whoever set the new
 * password holds it, and the account may have been made by someone else on it (docs/product.md
 * "Account security"). Passkeys, two-factor with its backup codes, single sign-on links, API tokens
 * (revoked), sessions (the reset ended them; any made since end too), a sign-in waiting for its
 * code, and email changes waiting for their link (auth/email-change-cutoff.ts). The password the
 * reset set, memberships and content stay. Recorded as `account.reclaimed` in every workspace of
 * the account, with what was removed, in the same transaction. Checks no access: the reset's
 * token proved the address.
 */
export async function reclaimAccount(ctx: { db: Db; clientIp?: string }, userId: string, now = new Date()): Promise<ReclaimedAccount> {
  return ctx.db.transaction(async (tx) => {
    const [account] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
    if (!account) return { passkeys: 0, twoFactor: false, apiTokens: 0, signInMethods: 0 };
    const removedPasskeys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
    const removedTwoFactor = await tx.delete(twoFactors).where(eq(twoFactors.userId, userId)).returning({ id: twoFactors.id });
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
    // The password is the credential account's, set by the reset: every other account is a provider's link.
    const removedLinks = await tx.delete(accounts).where(and(eq(accounts.userId, userId), ne(accounts.providerId, "credential"))).returning({ id: accounts.id });
    const revokedTokens = await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // A password step passed before the reset leaves a pending sign-in (better-auth's `2fa-…` row
    // naming the user, with its `2fa-attempts-2fa-…` counter); trust-device rows name the user too.
    const pending = await tx
      .delete(verifications)
      .where(and(eq(verifications.value, userId), or(like(verifications.identifier, "2fa-%"), like(verifications.identifier, "trust-device-%"))))
      .returning({ identifier: verifications.identifier });
    if (pending.length > 0) await tx.delete(verifications).where(inArray(verifications.identifier, pending.map(({ identifier }) => `2fa-attempts-${identifier}`)));
    await voidPendingEmailChanges(tx, userId, now);
    const reclaimed: ReclaimedAccount = {
      passkeys: removedPasskeys.length,
      twoFactor: removedTwoFactor.length > 0,
      apiTokens: revokedTokens.length,
      signInMethods: removedLinks.length,
    };
    await recordAccountEvent({ db: tx, actor: account, ...(ctx.clientIp ? { clientIp: ctx.clientIp } : {}) }, "account.reclaimed", { ...reclaimed });
    return reclaimed;
  });
}
