import { eq } from "drizzle-orm";
import type { PublicContext } from "@/server/context";
import { memberships, users, workspaceSsoProviders } from "@/server/db/schema";
import type { SsoSignIn } from "@/server/auth/sso-sign-in-port";
import { workspaceIdOfSso } from "@/server/auth/sso-providers";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";

/**
 * After a sign-in through a workspace's provider (registered on auth/sso-sign-in-port.ts by
 * server.ts): someone not yet a member joins with the provider's default role, and their sign-in
 * is recorded in that workspace's audit log. A member's sign-in is already recorded, in each of
 * their workspaces, when its session is made (auth/record-sign-in.ts); the newcomer had no
 * workspace then, so it is recorded here, once, with the same kind. The provider vouched for the person and better-auth
 * checked the allowed domains, so there is nothing else to authorise. The instance's provider
 * belongs to no workspace: its sign-ins join nothing and are logged nowhere.
 */
export async function completeSsoSignIn(ctx: PublicContext, signIn: SsoSignIn): Promise<void> {
  const workspaceId = workspaceIdOfSso(signIn.providerId);
  if (!workspaceId) return;
  await ctx.db.transaction(async (tx) => {
    const [provider] = await tx.select({ defaultRole: workspaceSsoProviders.defaultRole }).from(workspaceSsoProviders).where(eq(workspaceSsoProviders.workspaceId, workspaceId));
    const [actor] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, signIn.userId));
    if (!provider || !actor) return;
    const audit = { db: tx, actor, ...(signIn.clientIp ? { clientIp: signIn.clientIp } : {}) };
    // Two sign-ins at once both pass a "not a member" check; the unique index keeps one row.
    const joined = await tx
      .insert(memberships)
      .values({ workspaceId, userId: actor.id, role: provider.defaultRole })
      .onConflictDoNothing()
      .returning({ id: memberships.id });
    if (joined.length === 0) return;
    await recordAuditEvent(audit, { workspaceId, kind: "member.joined", target: { id: actor.id, label: actor.email }, details: { role: provider.defaultRole, via: "sso" } });
    await recordAuditEvent(audit, { workspaceId, kind: "account.signed_in", target: { id: actor.id, label: actor.email }, details: { via: "single sign-on" } });
  });
}
