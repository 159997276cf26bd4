import { eq, inArray } from "drizzle-orm";
import { INSTANCE_SSO_ID, workspaceIdOfSso } from "@/server/auth/sso-providers";
import type { ServiceContext } from "@/server/context";
import { accounts, workspaceSsoProviders, workspaces } from "@/server/db/schema";
import type { SignInMethodRow } from "@/server/presenters/present-sign-in-method";

/** better-auth's provider id of a password. */
export const PASSWORD_PROVIDER_ID = "credential";

/**
 * The signed-in person's ways in (Profile → Security → "Sign-in methods"): the password, the
 * instance's single sign-on, and each workspace provider that signs into this account. Passkeys
 * are listed in their own section. The password first, then the instance's provider, then the
 * workspaces' providers, each oldest first.
 */
export async function listSignInMethods(ctx: ServiceContext): Promise<SignInMethodRow[]> {
  const rows = await ctx.db
    .select({ id: accounts.id, providerId: accounts.providerId, linkedAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, ctx.actor.id));
  const workspaceIds = [...new Set(rows.map((row) => workspaceIdOfSso(row.providerId)).filter((id): id is string => id !== null))];
  const named =
    workspaceIds.length === 0
      ? []
      : await ctx.db
          .select({ id: workspaces.id, name: workspaces.name, providerLabel: workspaceSsoProviders.label })
          .from(workspaces)
          .leftJoin(workspaceSsoProviders, eq(workspaceSsoProviders.workspaceId, workspaces.id))
          .where(inArray(workspaces.id, workspaceIds));
  const byId = new Map(named.map((workspace) => [workspace.id, workspace]));
  const methods: SignInMethodRow[] = [];
  for (const row of rows) {
    if (row.providerId === PASSWORD_PROVIDER_ID) methods.push({ id: row.id, kind: "password", linkedAt: row.linkedAt });
    else if (row.providerId === INSTANCE_SSO_ID) methods.push({ id: row.id, kind: "instance", linkedAt: row.linkedAt });
    else {
      const workspaceId = workspaceIdOfSso(row.providerId);
      if (workspaceId === null) continue; // no other kind of provider is configured
      methods.push({ id: row.id, kind: "workspace", linkedAt: row.linkedAt, workspace: byId.get(workspaceId) ?? null });
    }
  }
  return methods.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.linkedAt.getTime() - b.linkedAt.getTime() || a.id.localeCompare(b.id));
}

const KIND_ORDER: Record<SignInMethodRow["kind"], number> = { password: 0, instance: 1, workspace: 2 };
