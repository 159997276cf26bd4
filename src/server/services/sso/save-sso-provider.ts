import { eq } from "drizzle-orm";
import type { SaveSsoProviderData } from "@/shared/schemas/sso";
import type { Auth } from "@/server/auth/auth";
import type { ServiceContext } from "@/server/context";
import { workspaceSsoProviders } from "@/server/db/schema";
import { AppError, authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { sealClientSecret } from "./internal/seal-client-secret";
import { selectSsoProvider } from "./internal/sso-provider-row";

/**
 * Adds or changes the workspace's OpenID Connect provider. The secret is required when adding
 * and kept when left empty on a change; it is stored encrypted and never read back.
 * Takes the parsed SaveSsoProviderSchema; `auth` seals the secret with its key.
 * @throws AppError not_found (not a member) | forbidden (below admin) | bad_request (no secret for a new provider)
 */
export async function saveSsoProvider(ctx: ServiceContext, data: SaveSsoProviderData, deps: { auth: Pick<Auth, "$context"> }) {
  const workspace = await findWorkspaceForMember(ctx, { id: data.workspaceId });
  authorize(workspaceAbilities(workspace.role).manageSso, "Only admins and owners can manage single sign-on.");
  const before = await selectSsoProvider(ctx.db, workspace.id);
  if (!before && !data.clientSecret) throw new AppError("bad_request", "Enter the client secret.", { clientSecret: "Enter the client secret." });
  const values = {
    label: data.label,
    issuer: data.issuer.replace(/\/+$/, ""),
    clientId: data.clientId,
    allowedDomains: data.allowedDomains,
    defaultRole: data.defaultRole,
    ...(data.clientSecret ? { clientSecret: await sealClientSecret(deps.auth, data.clientSecret) } : {}),
  };
  await ctx.db.transaction(async (tx) => {
    if (before) {
      await tx.update(workspaceSsoProviders).set({ ...values, updatedAt: new Date() }).where(eq(workspaceSsoProviders.workspaceId, workspace.id));
    } else {
      await tx.insert(workspaceSsoProviders).values({ ...values, clientSecret: values.clientSecret ?? "", workspaceId: workspace.id });
    }
    // What changed, never the secret itself: only that it did.
    await recordAuditEvent(
      { ...ctx, db: tx },
      {
        workspaceId: workspace.id,
        kind: before ? "sso.provider_changed" : "sso.provider_added",
        target: { id: workspace.id, label: values.label },
        details: { issuer: values.issuer, clientId: values.clientId, allowedDomains: values.allowedDomains.join(", "), defaultRole: values.defaultRole, secretChanged: Boolean(data.clientSecret) },
      },
    );
  });
  return { workspaceSlug: workspace.slug };
}
