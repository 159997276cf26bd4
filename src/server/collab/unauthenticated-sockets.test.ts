import http from "node:http";
import type { AddressInfo } from "node:net";
import type { onAuthenticatePayload } from "@hocuspocus/server";
import { ConnectionTimeout } from "@hocuspocus/common";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import type { Caller } from "@/server/auth/resolve-caller";
import { CLIENT_IP_HEADER } from "@/server/auth/client-ip";
import { createCollabUpgrade, stopCollab } from "./collab-upgrade";
import { createCollabServer } from "./create-collab-server";

// QA fourth sweep #10: sockets that can never open a document. Sockets without a session stayed
// open one to two minutes, holding their address's places, and every refused document of one
// socket wrote a log line (5,000 for one message naming 5,000 unknown documents).
const SIGNED_IN: Caller = { kind: "session", sessionId: "session-1", actor: { id: "user-1", name: "Ada", email: "ada@example.com", color: "#000", twoFactorEnabled: false } };
const resolveCaller = async (headers: Headers): Promise<Caller> => (headers.get("x-test-identity") === "ada" ? SIGNED_IN : { kind: "anonymous" });
const hocuspocus = createCollabServer({ resolveCaller, getDb: () => Promise.reject(new Error("no database in this test")) });
const server = http.createServer();
server.on("upgrade", createCollabUpgrade(hocuspocus, { resolveCaller, limits: { perSession: 10, perAddress: 10 }, anonymousSocketMs: 200 }));
let url = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/collab`;
});
afterAll(async () => {
  await stopCollab(hocuspocus, 1000);
  server.closeAllConnections();
  server.close();
});

function open(headers: Record<string, string>): Promise<WebSocket> {
  const socket = new WebSocket(url, { headers: { [CLIENT_IP_HEADER]: "198.51.100.3", ...headers } });
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

describe("collab sockets that can't authenticate", () => {
  it("closes a socket without a working session or token soon after it opens, not one with a session", async () => {
    const [anonymous, signedIn] = await Promise.all([open({}), open({ "x-test-identity": "ada" })]);
    const closed = await new Promise<number>((resolve) => anonymous.once("close", (code) => resolve(code)));
    expect(closed).toBe(ConnectionTimeout.code);
    expect(signedIn.readyState).toBe(WebSocket.OPEN);
    signedIn.close();
  });

  it("logs one refusal a socket, however many documents it is refused", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const request = new Request("http://localhost/collab");
      for (let i = 0; i < 500; i++) {
        const payload = { requestHeaders: new Headers(), request, socketId: "socket-1", documentName: `unknown-${i}`, connectionConfig: { readOnly: false, isAuthenticated: false } } as unknown as onAuthenticatePayload;
        await expect(hocuspocus.hooks("onAuthenticate", payload)).rejects.toMatchObject({ reason: "unauthenticated" });
      }
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).toHaveBeenCalledTimes(1);
      expect(String(warnings.mock.calls[0]?.[0])).toMatch(/^\[collab\] refused "unknown-0" \(unauthenticated\) on socket socket-1; its later refusals are not logged$/);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });
});
