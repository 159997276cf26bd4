import type { NextRequest } from "next/server";
import { resolveCaller } from "@/server/auth/resolve-caller";
import { apiContextFor } from "@/server/http/require-api-actor";
import { defineRoute } from "@/server/http/route";
import { countUnreadNotifications } from "@/server/services/notifications/count-unread-notifications";
import { admitNotificationStream, NOTIFICATION_STREAM_REPLACED_MESSAGE } from "@/server/services/notifications/notification-streams";
import { watchUnreadCount } from "@/server/services/notifications/watch-unread-count";
import { STREAM_CLOSED_EVENT, UNREAD_EVENT } from "@/shared/notifications";

export const dynamic = "force-dynamic";

/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/v1/notifications/stream: the bell's live unread count as server-sent events
 * (docs/api.md "Notifications"): an `unread` event with `{"unread": n}` at once and after every
 * change, on whichever instance it happened (the hub, relayed through Redis when REDIS_URL is
 * set). Sessions only: the count spans every workspace, which no token's grant does. A person
 * holds at most NOTIFICATION_STREAMS_PER_PERSON on an instance: past it their oldest is told why
 * (a `closed` event) and ended.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest) => {
    const ctx = await apiContextFor(await resolveCaller(request.headers, { acceptTokens: false }), request, { scope: "read" });
    const first = await countUnreadNotifications(ctx);
    const encoder = new TextEncoder();
    let stop = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (chunk: string) => {
          try {
            controller.enqueue(encoder.encode(chunk));
          } catch {
            stop(); // closed under us
          }
        };
        const sendCount = (unread: number) => send(`event: ${UNREAD_EVENT}\ndata: ${JSON.stringify({ unread })}\n\n`);
        // Reconnect after 3 s when the connection drops (EventSource does so on its own).
        send("retry: 3000\n\n");
        sendCount(first);
        const unwatch = watchUnreadCount(ctx, sendCount);
        const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
        const release = admitNotificationStream(ctx.actor.id, () => {
          send(`event: ${STREAM_CLOSED_EVENT}\ndata: ${JSON.stringify({ error: { code: "rate_limited", message: NOTIFICATION_STREAM_REPLACED_MESSAGE } })}\n\n`);
          stop();
        });
        stop = () => {
          clearInterval(heartbeat);
          unwatch();
          release();
          try {
            controller.close();
          } catch {
            // already closed
          }
        };
        request.signal.addEventListener("abort", () => stop(), { once: true });
      },
      cancel() {
        stop();
      },
    });
    return new Response(stream, {
      headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "private, no-store, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" },
    });
  },
});
