import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One request the receiver got, and whether it verified with the webhook's secret. */
export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  verified: boolean;
  payload: { type: string; timestamp: string; data: Record<string, unknown> } | null;
}

/** What to answer the next request with: a status (and body), or `hang` to never answer. */
export type ReceiverAnswer = { status: number; body?: string; headers?: Record<string, string> } | "hang";

/**
 * A real HTTP server that receives webhooks and checks each one with the Standard Webhooks
 * library (once `secret` is set), as an integration would. `answers` is consumed one per
 * request; when it is empty the receiver answers 200.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers: ReceiverAnswer[] = [];
  const state = { secret: null as string | null };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified = false;
      let payload: ReceivedWebhook["payload"] = null;
      if (state.secret) {
        try {
          payload = new Webhook(state.secret).verify(body, request.headers as Record<string, string>) as ReceivedWebhook["payload"];
          verified = true;
        } catch {
          verified = false;
        }
      }
      received.push({ path: request.url ?? "/", headers: request.headers, body, verified, payload });
      const answer = answers.shift() ?? { status: 200, body: "ok" };
      if (answer === "hang") {
        hanging.add(response);
        return;
      }
      response.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
      response.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answers,
    /** The secret to verify with (from the webhook's creation). */
    useSecret(secret: string) {
      state.secret = secret;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
