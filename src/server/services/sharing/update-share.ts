import { and, eq, isNull } from "drizzle-orm";
import type { UpdateShareInput } from "@/shared/schemas/share";
import type { ServiceContext } from "@/server/context";
import { shares } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { shareAbilities } from "@/server/policies/share-policy";
import { SHARE_NOT_FOUND, findShareForMember } from "./find-share-for-member";

/**
 * Changes "include child documents" / "allow search engines" on a live link; the published
 * page follows on its next request (pages read the share on every request).
 * @throws AppError not_found | forbidden
 */
export async function updateShare(ctx: ServiceContext, input: UpdateShareInput) {
  const share = await findShareForMember(ctx, input.shareId);
  authorize(shareAbilities(share).update, "Only the link's creator or an admin can change it.");
  const [row] = await ctx.db
    .update(shares)
    .set({
      ...(input.includeChildren === undefined ? {} : { includeChildren: input.includeChildren }),
      ...(input.allowIndexing === undefined ? {} : { allowIndexing: input.allowIndexing }),
      updatedAt: new Date(),
    })
    // Revoked meanwhile: a revoked link stays off and is never edited back to life.
    .where(and(eq(shares.id, share.id), isNull(shares.revokedAt)))
    .returning();
  if (!row) throw new AppError("not_found", SHARE_NOT_FOUND);
  return row;
}
