import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { signedInPerson } from "@test/auth-sessions";
import type { SignedInPerson } from "@test/auth-sessions";
import { withTestDatabase } from "@test/test-database-hooks";
import { withRouteSingletons } from "@test/route-singletons";
import { NOTIFICATION_STREAM_REPLACED_MESSAGE, NOTIFICATION_STREAMS_PER_PERSON, notificationStreamsOf } from "@/server/services/notifications/notification-streams";
import { GET } from "./route";

// The bell's stream (docs/api.md "Notifications"), through the real route with a real session:
// one person's streams are capped, the oldest making way for the newest with a `closed` event.
const database = withTestDatabase();
const routes = withRouteSingletons(database);

const aborts: AbortController[] = [];
afterEach(() => {
  for (const abort of aborts.splice(0)) abort.abort();
});

async function openStream(person: SignedInPerson): Promise<Response> {
  const abort = new AbortController();
  aborts.push(abort);
  const request = new NextRequest("http://localhost:3000/api/v1/notifications/stream", { headers: person.headers, signal: abort.signal });
  const response = await GET(request, { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
  return response;
}

/** Everything a stream sends until it ends (only for one the server ends). */
async function readToEnd(response: Response): Promise<string> {
  const body = response.body;
  if (!body) throw new Error("no body");
  let text = "";
  for await (const chunk of body.pipeThrough(new TextDecoderStream())) text += chunk;
  return text;
}

describe("GET /api/v1/notifications/stream", () => {
  it("holds one person's streams to the limit: one more ends their oldest, saying why, and leaves the rest and other people's open", async () => {
    const ada = await signedInPerson(routes.auth);
    const bob = await signedInPerson(routes.auth);
    const bobs = await openStream(bob);
    const streams: Response[] = [];
    for (let i = 0; i < NOTIFICATION_STREAMS_PER_PERSON; i++) streams.push(await openStream(ada));

    streams.push(await openStream(ada));
    const oldest = await readToEnd(streams[0] as Response);
    expect(oldest).toContain('event: unread\ndata: {"unread":0}');
    expect(oldest.endsWith(`event: closed\ndata: ${JSON.stringify({ error: { code: "rate_limited", message: NOTIFICATION_STREAM_REPLACED_MESSAGE } })}\n\n`)).toBe(true);

    // The second oldest was still open: it is the one the next stream ends, and Bob's never is.
    streams.push(await openStream(ada));
    expect(await readToEnd(streams[1] as Response)).toContain("event: closed");
    expect(bobs.bodyUsed).toBe(false);
  });

  it("gives a stream's place back when it ends, so tabs closed earlier never count against the limit", async () => {
    const ada = await signedInPerson(routes.auth);
    for (let i = 0; i < NOTIFICATION_STREAMS_PER_PERSON + 5; i++) {
      await openStream(ada);
      expect(notificationStreamsOf(ada.actor.id)).toBe(1);
      aborts.pop()?.abort(); // the tab closed
      expect(notificationStreamsOf(ada.actor.id)).toBe(0);
    }
    const streams: Response[] = [];
    for (let i = 0; i < NOTIFICATION_STREAMS_PER_PERSON + 1; i++) streams.push(await openStream(ada));
    expect(notificationStreamsOf(ada.actor.id)).toBe(NOTIFICATION_STREAMS_PER_PERSON);
    expect(await readToEnd(streams[0] as Response)).toContain("event: closed");
  });
});
