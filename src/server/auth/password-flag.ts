import { and, eq, exists, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { accounts, users } from "@/server/db/schema";

/**
 * Sets `users.has_password` to whether the user has a password now (a `credential` account that
 * holds one), for one user or, without `userId`, for everyone. better-auth's account hooks call it
 * after making, changing or deleting one of the user's accounts: sign-up, a single sign-on's first
 * sign-in (which makes a user without one) or linking, and a reset link that gives such an account
 * a password; a restore calls it for everyone (its backup may predate the column). Only rows that
 * differ are written, and their updated_at is kept: a restore gives back the rows as they were.
 * The session reads the column with the user row, so no request pays a lookup for it.
 */
export async function refreshPasswordFlag(db: Db, userId?: string): Promise<void> {
  const hasPasswordNow = exists(
    db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential"), isNotNull(accounts.password))),
  );
  const differs = sql`${users.hasPassword} is distinct from ${hasPasswordNow}`;
  await db
    .update(users)
    .set({ hasPassword: hasPasswordNow, updatedAt: sql`${users.updatedAt}` })
    .where(userId === undefined ? differs : and(eq(users.id, userId), differs));
}

/**
 * refreshPasswordFlag for what an account hook receives: the account, or for a change made to
 * several rows at once (better-auth's updatePassword) only a count, and then nothing is known to
 * refresh: that path changes the password of a credential account that already has one.
 */
export async function refreshPasswordFlagOf(db: Db, account: unknown): Promise<void> {
  const userId = account && typeof account === "object" && "userId" in account ? account.userId : null;
  if (typeof userId === "string") await refreshPasswordFlag(db, userId);
}
