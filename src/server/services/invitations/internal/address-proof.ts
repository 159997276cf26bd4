import { eq } from "drizzle-orm";
import { workspaceIdOfSso } from "@/server/auth/sso-providers";
import type { Db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";

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
