import { and, eq, isNull } from "drizzle-orm";
import type { RevokeApiTokenInput } from "@/shared/schemas/api-token";
import type { ServiceContext } from "@/server/context";
import { apiTokens, workspaces } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";

export const TOKEN_NOT_FOUND = "This token could not be found.";

/**
 * Revokes one of the actor's own tokens: it answers 401 from the next request on. Revoking
 * twice is harmless; someone else's token is not_found (anyone manages only their own).
 * @throws AppError not_found
 */
export async function revokeApiToken(ctx: ServiceContext, input: RevokeApiTokenInput, now = new Date()) {
  const [row] = await ctx.db
    .select({ id: apiTokens.id, name: apiTokens.name, scope: apiTokens.scope, workspaceId: apiTokens.workspaceId, workspaceSlug: workspaces.slug })
    .from(apiTokens)
    .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
    .where(and(eq(apiTokens.id, input.tokenId), eq(apiTokens.userId, ctx.actor.id)))
    .limit(1);
  // A token can't reach tokens of other workspaces, itself included in its own only.
  if (!row || (ctx.grant && ctx.grant.workspaceId !== row.workspaceId)) throw new AppError("not_found", TOKEN_NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.id, row.id), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    // Revoking twice is harmless, and is recorded once.
    if (revoked.length === 0) return;
    await recordAuditEvent(
      { ...ctx, db: tx },
      { workspaceId: row.workspaceId, kind: "api_token.revoked", target: { id: row.id, label: row.name }, details: { scope: row.scope } },
    );
  });
  return { id: row.id, workspaceSlug: row.workspaceSlug };
}
