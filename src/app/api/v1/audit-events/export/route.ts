import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { apiWorkspace, readQuery } from "@/server/http/read-query";
import { requireApiContext } from "@/server/http/require-api-actor";
import { exportAuditEventsCsv } from "@/server/services/audit/export-audit-events-csv";
import { AuditEventFiltersSchema } from "@/shared/schemas/audit";

export const dynamic = "force-dynamic";

/** GET /api/v1/audit-events/export?workspace=&actor=&kind=&from=&to=: every matching event as CSV (Settings → Audit log → "Export CSV"). */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest) => {
    const ctx = await requireApiContext(request, { scope: "read" });
    const { workspace, ...filters } = readQuery(request, AuditEventFiltersSchema);
    const exported = await exportAuditEventsCsv(ctx, { ...filters, workspace: apiWorkspace(ctx, workspace) });
    return new Response(exported.body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exported.filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
});
