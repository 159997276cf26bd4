import { and, eq, isNotNull } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { accounts } from "@/server/db/schema";

/**
 * Whether the signed-in person has a password: someone whose account single sign-on made has
 * none, and the security page offers them no form that asks for one.
 */
export async function hasPassword(ctx: ServiceContext): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, ctx.actor.id), eq(accounts.providerId, "credential"), isNotNull(accounts.password)))
    .limit(1);
  return row !== undefined;
}
