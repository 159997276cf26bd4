import { and, eq, exists, isNotNull } from "drizzle-orm";
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
