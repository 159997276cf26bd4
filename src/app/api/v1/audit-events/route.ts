import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { apiWorkspace, readQuery } from "@/server/http/read-query";
import { requireApiContext } from "@/server/http/require-api-actor";
import { presentAuditEvent } from "@/server/presenters/present-audit-event";
import { listAuditEvents } from "@/server/services/audit/list-audit-events";
import type { AuditEventPage } from "@/shared/schemas/audit";
import { AuditEventsQuerySchema } from "@/shared/schemas/audit";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/audit-events?workspace=&actor=&kind=&from=&to=&cursor=&limit=: the workspace's
 * audit log, newest first, `{data, nextCursor}`; admins and owners (docs/api.md).
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest) => {
    const ctx = await requireApiContext(request, { scope: "read" });
    const { workspace, ...query } = readQuery(request, AuditEventsQuerySchema);
    const page = await listAuditEvents(ctx, { ...query, workspace: apiWorkspace(ctx, workspace) });
    const body: AuditEventPage = { data: page.events.map(presentAuditEvent), nextCursor: page.nextCursor };
    return Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
  },
});
