import type { ApiTokenDto } from "@/shared/api-tokens";
import type { CreateApiTokenData } from "@/shared/schemas/api-token";
import type { ServiceContext } from "@/server/context";
import { apiTokens } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { presentApiToken } from "@/server/presenters/present-api-token";
import { API_TOKEN_COLUMNS } from "@/server/services/api-tokens/internal/api-token-columns";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { newApiTokenSecret } from "@/server/auth/api-token-secret";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates an API token for the actor in a workspace they belong to (any role: the token can
 * never do more than its user). The token is returned once; only its hash is stored.
 * @throws AppError not_found (not a member) | forbidden (the caller is itself an API token)
 */
export async function createApiToken(ctx: ServiceContext, input: Omit<CreateApiTokenData, "expiresOn"> & { expiresOn?: string }): Promise<{ token: string; apiToken: ApiTokenDto }> {
  // A token minting tokens would outlive its own revocation.
  authorize(!ctx.grant, "API tokens can't create tokens; sign in to the app to make one.");
  const workspace = await findWorkspaceForMember(ctx, { id: input.workspaceId });
  authorize(workspaceAbilities(workspace.role).read);
  const { token, tokenHash, tokenPrefix } = newApiTokenSecret();
  // `expiresOn` is the last day it works: it stops at the start of the next day (UTC).
  const expiresAt = input.expiresOn ? new Date(Date.parse(`${input.expiresOn}T00:00:00Z`) + DAY_MS) : null;
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(apiTokens)
      .values({ userId: ctx.actor.id, workspaceId: workspace.id, name: input.name, scope: input.scope, tokenHash, tokenPrefix, expiresAt })
      .returning(API_TOKEN_COLUMNS);
    if (!inserted) throw new Error("insert returned no row");
    await recordAuditEvent(
      { ...ctx, db: tx },
      {
        workspaceId: workspace.id,
        kind: "api_token.created",
        target: { id: inserted.id, label: inserted.name },
        details: { scope: inserted.scope, expiresOn: input.expiresOn ?? null },
      },
    );
    return inserted;
  });
  return { token, apiToken: presentApiToken(row) };
}
