import { and, eq, isNull } from "drizzle-orm";
import type { RevokeShareInput } from "@/shared/schemas/share";
import type { ServiceContext } from "@/server/context";
import { shares } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { shareAbilities } from "@/server/policies/share-policy";
import { SHARE_NOT_FOUND, findShareForMember } from "./find-share-for-member";

/**
 * Turns a public link off for good: its page answers 404 from the next request. The row
 * stays (with revokedAt) so the token is never handed out again.
 * @throws AppError not_found | forbidden
 */
export async function revokeShare(ctx: ServiceContext, input: RevokeShareInput) {
  const share = await findShareForMember(ctx, input.shareId);
  authorize(shareAbilities(share).revoke, "Only the link's creator or an admin can revoke it.");
  const now = new Date();
  const [row] = await ctx.db
    .update(shares)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(shares.id, share.id), isNull(shares.revokedAt)))
    .returning();
  if (!row) throw new AppError("not_found", SHARE_NOT_FOUND);
  return { ...row, workspaceId: share.workspaceId };
}
