import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { readQuery } from "@/server/http/read-query";
import { publicContext } from "@/server/http/request-context";
import { unsubscribeWithToken } from "@/server/services/notifications/email-preferences";
import { UnsubscribeQuerySchema } from "@/shared/schemas/notification";

export const dynamic = "force-dynamic";

/**
 * POST /api/v1/notifications/unsubscribe?token=: RFC 8058 one-click unsubscribe, the target of a
 * notification email's List-Unsubscribe header (docs/api.md "Notifications"). No session and no
 * same-site check: mail providers post it from their own servers; the signed token is the
 * authority, and it can only turn kinds of email off. The body (`List-Unsubscribe=One-Click`) is
 * not required.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async (request: NextRequest) => {
    const { token } = readQuery(request, UnsubscribeQuerySchema);
    const { kinds } = await unsubscribeWithToken(await publicContext(), token);
    return Response.json({ unsubscribed: kinds }, { headers: { "Cache-Control": "no-store" } });
  },
});
