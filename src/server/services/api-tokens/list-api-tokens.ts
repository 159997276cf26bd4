import { and, desc, eq } from "drizzle-orm";
import type { ApiTokenDto } from "@/shared/api-tokens";
import type { ServiceContext } from "@/server/context";
import { apiTokens } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { presentApiToken } from "@/server/presenters/present-api-token";
import { API_TOKEN_COLUMNS } from "@/server/services/api-tokens/internal/api-token-columns";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";

/** The actor's own API tokens for a workspace they belong to, newest first (revoked and expired ones too). @throws AppError not_found */
export async function listApiTokens(ctx: ServiceContext, workspaceId: string, now = new Date()): Promise<ApiTokenDto[]> {
  const workspace = await findWorkspaceForMember(ctx, { id: workspaceId });
  authorize(workspaceAbilities(workspace.role).read);
  const rows = await ctx.db
    .select(API_TOKEN_COLUMNS)
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, ctx.actor.id), eq(apiTokens.workspaceId, workspace.id)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((row) => presentApiToken(row, now));
}
