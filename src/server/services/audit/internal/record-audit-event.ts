import type { AuditDetails, AuditEventKind } from "@/shared/audit-events";
import type { Db, Tx } from "@/server/db/client";
import { auditEvents } from "@/server/db/schema";
import { personLabel } from "@/shared/person-label";

/** Who an event is recorded for: a use case's context, or its transaction in place of `db`. */
export interface AuditContext {
  db: Db | Tx;
  /** null: nobody signed in (a failed sign-in). */
  actor: { id: string; name: string; email: string } | null;
  clientIp?: string;
}

/** One thing that happened in a workspace (docs/product.md "Audit log"). */
export interface AuditEventInput {
  workspaceId: string;
  kind: AuditEventKind;
  /** What it happened to, with a label that still reads once that thing is gone. */
  target?: { id: string; label: string } | null;
  details?: AuditDetails;
  /** When it happened; now unless a test says otherwise. */
  at?: Date;
}

/**
 * Inserts an audit event with `ctx.db`: pass a use case's transaction so the event commits or
 * rolls back with what it records. Checks no access: the use case already has.
 */
export async function recordAuditEvent(ctx: AuditContext, event: AuditEventInput): Promise<void> {
  await ctx.db.insert(auditEvents).values({
    workspaceId: event.workspaceId,
    actorId: ctx.actor?.id ?? null,
    actorLabel: ctx.actor ? personLabel(ctx.actor) : null,
    kind: event.kind,
    targetId: event.target?.id ?? null,
    targetLabel: event.target?.label ?? null,
    details: event.details ?? {},
    ipAddress: ctx.clientIp ?? null,
    // Set here in milliseconds, not by the database in microseconds: the page cursor carries a
    // JavaScript Date, and a finer stored time would make (created_at, id) < cursor skip rows.
    createdAt: event.at ?? new Date(),
  });
}
