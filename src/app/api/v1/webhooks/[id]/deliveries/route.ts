import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { readQuery } from "@/server/http/read-query";
import { requireApiContext } from "@/server/http/require-api-actor";
import { presentWebhookDelivery } from "@/server/presenters/present-webhook";
import { listWebhookDeliveries } from "@/server/services/webhooks/list-webhook-deliveries";
import { ListWebhookDeliveriesQuerySchema } from "@/shared/schemas/webhook";

export const dynamic = "force-dynamic";

/** GET /api/v1/webhooks/{id}/deliveries?cursor=&limit=: `{data, nextCursor}`, newest first; admins and owners (docs/api.md "Webhooks"). */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest, { params }) => {
    const ctx = await requireApiContext(request, { scope: "read" });
    const query = readQuery(request, ListWebhookDeliveriesQuerySchema);
    const page = await listWebhookDeliveries(ctx, { webhookId: String((await params).id), ...query });
    return Response.json({ data: page.deliveries.map(presentWebhookDelivery), nextCursor: page.nextCursor }, { headers: { "Cache-Control": "private, no-store" } });
  },
});
