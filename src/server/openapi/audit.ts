import { z } from "zod";
import { AuditEventFiltersSchema, AuditEventPageSchema, AuditEventsQuerySchema } from "@/shared/schemas/audit";
import type { OpenApiPaths } from "./common";
import { errorResponses, jsonResponse } from "./common";

const ADMINS = "Admins and owners only (a `read` token is enough); others get 403, another workspace 404.";

/** /api/v1/audit-events…: who did what, when (docs/product.md "Audit log"). */
export const auditPaths: OpenApiPaths = {
  "/api/v1/audit-events": {
    get: {
      operationId: "listAuditEvents",
      tags: ["Audit log"],
      summary: "List a workspace's audit events, newest first",
      description: ADMINS,
      requestParams: { query: AuditEventsQuerySchema },
      responses: { "200": jsonResponse("One page of events.", AuditEventPageSchema), ...errorResponses(400, 403, 404) },
    },
  },
  "/api/v1/audit-events/export": {
    get: {
      operationId: "exportAuditEvents",
      tags: ["Audit log"],
      summary: "Download the matching audit events as CSV",
      description: `Every event matching the filters, newest first, streamed. Cells starting with = + - @ are prefixed with \`'\` so spreadsheets show them as text. ${ADMINS}`,
      requestParams: { query: AuditEventFiltersSchema },
      responses: { "200": { description: "The CSV file.", content: { "text/csv": { schema: z.string() } } }, ...errorResponses(400, 403, 404) },
    },
  },
};
