import { eq } from "drizzle-orm";
import { workspaceIdOfSso } from "@/server/auth/sso-providers";
import type { Db } from "@/server/db/client";
import { accounts, users } from "@/server/db/schema";

export const ADDRESS_NOT_PROVEN_MESSAGE =
  "Your account was made by another workspace's sign-in provider, which can't prove this address is yours. Set a password with “Forgot password?” on the sign-in page (its link goes to the address), then open the invitation again.";

/**
 * Whether the only word for the user's address is that of other workspaces' sign-in providers:
 * no password (whose reset link would prove the address), no instance provider (the operator's).
 * Anyone can run a workspace and its provider, which may vouch for any address, so such an
 * account may not take an invitation sent to that address elsewhere (docs/product.md "Single
 * sign-on"). `workspaceId` is the inviting workspace: its own provider's word counts there.
 */
export async function addressVouchedOnlyElsewhere(db: Db, userId: string, workspaceId: string): Promise<boolean> {
  const rows = await db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId));
  return (
    rows.length > 0 &&
    rows.every((row) => {
      const provider = workspaceIdOfSso(row.providerId);
      return provider !== null && provider !== workspaceId;
    })
  );
}

/**
 * The account of `email` that may be told of an invitation in the app, whose notification carries
 * the live link; null when there is none. Only an account that proved the address qualifies: it
 * is confirmed (`users.emailVerified`: a link mailed to it was opened, or the instance's provider
 * vouched for it) and not vouched for only by other workspaces' providers. Anyone can sign up
 * with, or change their email to, an address they don't own (without SMTP nothing checks it), and
 * handing them the link would let them join with the invited role (docs/product.md "States",
 * Invitation). The emailed link still reaches the real address.
 */
export async function inviteeToNotify(db: Db, email: string, workspaceId: string): Promise<{ id: string } | null> {
  const [invitee] = await db.select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(users.email, email)).limit(1);
  if (!invitee?.emailVerified) return null;
  if (await addressVouchedOnlyElsewhere(db, invitee.id, workspaceId)) return null;
  return { id: invitee.id };
}
