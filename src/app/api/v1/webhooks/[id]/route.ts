import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { deleteWebhook } from "@/server/services/webhooks/delete-webhook";

export const dynamic = "force-dynamic";

/** DELETE /api/v1/webhooks/{id}: deletes the webhook and its deliveries; admins and owners (docs/api.md "Webhooks"). */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  DELETE: async (request: NextRequest, { params }) => {
    const ctx = await requireApiContext(request, { scope: "write" });
    return Response.json(await deleteWebhook(ctx, { webhookId: String((await params).id) }));
  },
});
