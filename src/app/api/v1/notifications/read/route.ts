import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { readJsonBody } from "@/server/http/read-body";
import { requireApiContext } from "@/server/http/require-api-actor";
import { markNotificationsRead } from "@/server/services/notifications/mark-notifications-read";
import { MarkNotificationsReadSchema } from "@/shared/schemas/notification";

export const dynamic = "force-dynamic";

/**
 * POST /api/v1/notifications/read `{ids}` or `{all: true}`: marks the caller's notifications read
 * and answers `{marked}` (docs/api.md "Notifications"). Ids that are not the caller's (or, for an
 * API token, not its workspace's) are ignored, never revealed.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async (request: NextRequest) => {
    const ctx = await requireApiContext(request, { scope: "write" });
    const input = await readJsonBody(request, MarkNotificationsReadSchema);
    return Response.json({ marked: await markNotificationsRead(ctx, input) }, { headers: { "Cache-Control": "private, no-store" } });
  },
});
