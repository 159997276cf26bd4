import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { apiWorkspace, readQuery } from "@/server/http/read-query";
import { requireApiContext } from "@/server/http/require-api-actor";
import { presentTemplate } from "@/server/presenters/present-template";
import { listTemplates } from "@/server/services/templates/list-templates";
import { ListTemplatesQuerySchema } from "@/shared/schemas/template";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/templates?workspace=: `{data}`, the workspace's templates by name, for members who
 * can create documents (docs/api.md "Templates"). POST /api/v1/documents's `templateId` uses one.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest) => {
    const ctx = await requireApiContext(request, { scope: "read" });
    const { workspace } = readQuery(request, ListTemplatesQuerySchema);
    const list = await listTemplates(ctx, apiWorkspace(ctx, workspace));
    return Response.json({ data: list.templates.map(presentTemplate) }, { headers: { "Cache-Control": "private, no-store" } });
  },
});
