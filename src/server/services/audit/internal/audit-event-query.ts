import type { SQL } from "drizzle-orm";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { AuditEventKind } from "@/shared/audit-events";
import type { AuditEventRow } from "@/server/presenters/present-audit-event";
import type { Db } from "@/server/db/client";
import { auditEvents } from "@/server/db/schema";
import type { AuditCursor } from "./audit-cursor";

export type { AuditEventRow };

/** What a page of the log is filtered by, already resolved to a workspace id and moments. */
export interface AuditEventWhere {
  workspaceId: string;
  actorId?: string;
  kind?: AuditEventKind;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

export const auditEventColumns = {
  id: auditEvents.id,
  kind: auditEvents.kind,
  actorId: auditEvents.actorId,
  actorLabel: auditEvents.actorLabel,
  targetId: auditEvents.targetId,
  targetLabel: auditEvents.targetLabel,
  details: auditEvents.details,
  ipAddress: auditEvents.ipAddress,
  createdAt: auditEvents.createdAt,
};


/**
 * Up to `limit` events matching `where` after `after`, newest first. Keyset paging on
 * (created_at, id), which audit_events_workspace_created_idx (and, filtered, its actor and kind
 * siblings) answers without counting past rows. Checks no access.
 */
export async function selectAuditEvents(db: Db, where: AuditEventWhere, after: AuditCursor | null, limit: number): Promise<AuditEventRow[]> {
  const conditions: Array<SQL | undefined> = [
    eq(auditEvents.workspaceId, where.workspaceId),
    where.actorId ? eq(auditEvents.actorId, where.actorId) : undefined,
    where.kind ? eq(auditEvents.kind, where.kind) : undefined,
    where.from ? gte(auditEvents.createdAt, where.from) : undefined,
    where.to ? lt(auditEvents.createdAt, where.to) : undefined,
    after ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
  ];
  return db
    .select(auditEventColumns)
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit);
}
