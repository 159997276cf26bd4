import { and, eq, exists, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { accounts, users } from "@/server/db/schema";

/**
 * Sets `users.has_password` to whether the user has a password now (a `credential` account that
 * holds one). better-auth's account hooks call it after making, changing or deleting one of the
 * user's accounts: sign-up, a single sign-on's first sign-in (which makes a user without one) or
 * linking, and a reset link that gives such an account a password. The session reads the column
 * with the user row, so no request pays a lookup for it.
 */
export async function refreshPasswordFlag(db: Db, userId: string): Promise<void> {
  const credential = db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)));
  await db.update(users).set({ hasPassword: exists(credential) }).where(eq(users.id, userId));
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

/**
 * Sets every user's has_password from their accounts: after a restore, whose backup may predate
 * the column. Only rows that differ are written, and their updated_at is kept: a restore gives
 * back the rows as they were.
 */
export async function refreshEveryPasswordFlag(db: Db): Promise<void> {
  const credential = exists(
    db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential"), isNotNull(accounts.password))),
  );
  await db
    .update(users)
    .set({ hasPassword: credential, updatedAt: sql`${users.updatedAt}` })
    .where(sql`${users.hasPassword} is distinct from ${credential}`);
}
