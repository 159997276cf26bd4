import { eq } from "drizzle-orm";
import type { GenericEndpointContext } from "better-auth";
import type { Db } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { ADDRESS_CONFIRMED_LOGIN_PATH } from "@/shared/address-confirmation";

/**
 * A confirmation link signs its account in (better-auth's autoSignInAfterVerification) without
 * asking for a second factor. A refused password sign-in mails one to an unconfirmed account
 * (auth.ts), which may have two-factor on, and the password and the mailbox would then be enough.
 * For such an account the link only confirms the address (done by the time a session is made),
 * and the person goes on to sign in, code and all.
 * @throws APIError the redirect to the sign-in page, which better-auth answers as a 302
 */
export async function refuseLinkSignInPastTwoFactor(db: Db, userId: string, ctx: GenericEndpointContext): Promise<void> {
  const [user] = await db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  if (user?.twoFactorEnabled) throw ctx.redirect(ADDRESS_CONFIRMED_LOGIN_PATH);
}
