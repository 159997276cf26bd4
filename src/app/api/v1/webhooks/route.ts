import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { readJsonBody } from "@/server/http/read-body";
import { apiWorkspace, readQuery } from "@/server/http/read-query";
import { requireApiContext } from "@/server/http/require-api-actor";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import { listWebhooks } from "@/server/services/webhooks/list-webhooks";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { CreateWebhookBodySchema, ListWebhooksQuerySchema } from "@/shared/schemas/webhook";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/webhooks?workspace=: `{data}`, the workspace's webhooks (no secrets); POST
 * `{workspace?, url, description?, events}`: 201 with the webhook and its secret, shown once.
 * Admins and owners (docs/api.md "Webhooks").
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest) => {
    const ctx = await requireApiContext(request, { scope: "read" });
    const { workspace } = readQuery(request, ListWebhooksQuerySchema);
    const data = await listWebhooks(ctx, apiWorkspace(ctx, workspace));
    return Response.json({ data }, { headers: { "Cache-Control": "private, no-store" } });
  },
  POST: async (request: NextRequest) => {
    const ctx = await requireApiContext(request, { scope: "write" });
    const body = await readJsonBody(request, CreateWebhookBodySchema);
    const workspace = await findWorkspaceForMember(ctx, apiWorkspace(ctx, body.workspace));
    const created = await createWebhook(ctx, { workspaceId: workspace.id, url: body.url, description: body.description, events: body.events });
    return Response.json(created, { status: 201, headers: { Location: `/api/v1/webhooks/${created.id}`, "Cache-Control": "private, no-store" } });
  },
});
