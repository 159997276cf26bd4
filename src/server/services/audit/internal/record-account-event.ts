import { eq } from "drizzle-orm";
import type { AuditDetails, AuditEventKind } from "@/shared/audit-events";
import { memberships } from "@/server/db/schema";
import type { AuditContext } from "./record-audit-event";
import { recordAuditEvent } from "./record-audit-event";

/**
 * Records a change to the actor's own account (two-factor, passkeys) in every workspace they are
 * a member of: the log is per workspace, and each workspace's admins answer for their members'
 * sign-in security (docs/product.md "Audit log"). Checks no access: the use case already has.
 */
export async function recordAccountEvent(ctx: AuditContext & { actor: { id: string; name: string; email: string } }, kind: AuditEventKind, details?: AuditDetails, target?: { id: string; label: string }): Promise<void> {
  const rows = await ctx.db.select({ workspaceId: memberships.workspaceId }).from(memberships).where(eq(memberships.userId, ctx.actor.id));
  const at = new Date();
  for (const { workspaceId } of rows) {
    await recordAuditEvent(ctx, { workspaceId, kind, at, target: target ?? { id: ctx.actor.id, label: ctx.actor.email }, ...(details ? { details } : {}) });
  }
}
