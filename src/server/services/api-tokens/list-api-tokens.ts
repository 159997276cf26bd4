import { and, desc, eq } from "drizzle-orm";
import type { ApiTokenDto } from "../../../shared/api-tokens";
import type { ServiceContext } from "../../context";
import { apiTokens } from "../../db/schema";
import { authorize } from "../../errors";
import { workspaceAbilities } from "../../policies/workspace-policy";
import { API_TOKEN_COLUMNS, presentApiToken } from "../../presenters/present-api-token";
import { findWorkspaceForMember } from "../workspaces/find-workspace-for-member";

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
