import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/server/db/client";
import { apiTokens } from "@/server/db/schema";

/**
 * Revokes every token a person made in a workspace, as their membership ends (removed, or left).
 * Tokens answer 401 while their creator is no member anyway; revoking them keeps it so if the
 * person joins again, even at a lower role: an admin who removed someone expects their
 * integrations gone for good, and admins can't see or revoke other people's tokens.
 */
export async function revokeMemberTokens(db: Db | Tx, workspaceId: string, userId: string, now = new Date()): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.workspaceId, workspaceId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
}
