import type { NextRequest } from "next/server";
import type { z } from "zod";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { presentNotification } from "@/server/presenters/present-notification";
import { countUnreadNotifications } from "@/server/services/notifications/count-unread-notifications";
import { listNotifications } from "@/server/services/notifications/list-notifications";
import type { NotificationListSchema } from "@/shared/schemas/notification";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/notifications: `{data, unread}`, the caller's newest notifications as the inbox
 * shows them and the unread count (docs/api.md "Notifications"). A session sees every workspace's;
 * an API token its own workspace's only.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest) => {
    const ctx = await requireApiContext(request, { scope: "read" });
    const [rows, unread] = await Promise.all([listNotifications(ctx), countUnreadNotifications(ctx)]);
    const body: z.infer<typeof NotificationListSchema> = { data: rows.map(presentNotification), unread };
    return Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
  },
});
