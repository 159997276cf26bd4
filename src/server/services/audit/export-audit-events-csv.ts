import { AUDIT_EVENT_LABELS } from "@/shared/audit-events";
import type { ServiceContext } from "@/server/context";
import { csvRow } from "@/server/formats/export/csv";
import { selectAuditEvents } from "./internal/audit-event-query";
import type { AuditEventRow } from "./internal/audit-event-query";
import type { AuditEventRequest } from "./list-audit-events";
import { authorizeAuditLog } from "./list-audit-events";

/** Rows read per query: one batch is all the stream holds. */
const BATCH = 500;

const HEADER = ["Time (UTC)", "Kind", "Description", "Actor id", "Actor", "Target id", "Target", "Details", "IP address"];

/**
 * Every event matching the filters as CSV, newest first, streamed a batch at a time as the
 * reader takes it. Access is checked and the first batch read before the first byte, so a query
 * that fails (a filter the database refuses) is an error answer, not a 200 with an empty body;
 * cells are escaped against formula injection (formats/export/csv.ts).
 * @throws AppError not_found | forbidden | bad_request
 */
export async function exportAuditEventsCsv(ctx: ServiceContext, request: AuditEventRequest, now = new Date()) {
  const { workspace, where } = await authorizeAuditLog(ctx, request);
  const encoder = new TextEncoder();
  let first: AuditEventRow[] | null = await selectAuditEvents(ctx.db, where, null, BATCH);
  let after: AuditEventRow | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvRow(HEADER)));
    },
    async pull(controller) {
      const rows = first ?? (await selectAuditEvents(ctx.db, where, after, BATCH));
      first = null;
      if (rows.length > 0) controller.enqueue(encoder.encode(rows.map(csvLine).join("")));
      after = rows.at(-1) ?? null;
      if (rows.length < BATCH) controller.close();
    },
  });
  return { filename: `${workspace.slug}-audit-log-${now.toISOString().slice(0, 10)}.csv`, body };
}

function csvLine(row: AuditEventRow): string {
  return csvRow([
    row.createdAt.toISOString(),
    row.kind,
    AUDIT_EVENT_LABELS[row.kind],
    row.actorId,
    row.actorLabel,
    row.targetId,
    row.targetLabel,
    Object.keys(row.details).length > 0 ? JSON.stringify(row.details) : "",
    row.ipAddress,
  ]);
}
