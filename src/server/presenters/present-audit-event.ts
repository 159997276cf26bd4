import type { AuditDetails, AuditEventKind } from "@/shared/audit-events";
import type { AuditEventDto } from "@/shared/schemas/audit";

/** An audit event as stored. */
export interface AuditEventRow {
  id: string;
  kind: AuditEventKind;
  actorId: string | null;
  actorLabel: string | null;
  targetId: string | null;
  targetLabel: string | null;
  details: AuditDetails;
  ipAddress: string | null;
  createdAt: Date;
}

/** One event for the API and Settings → Audit log. */
export function presentAuditEvent(row: AuditEventRow): AuditEventDto {
  return {
    id: row.id,
    kind: row.kind,
    actor: { id: row.actorId, label: row.actorLabel },
    target: { id: row.targetId, label: row.targetLabel },
    details: row.details,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
  };
}
