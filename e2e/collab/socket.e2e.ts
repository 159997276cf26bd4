import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import WebSocket from "ws";
import * as Y from "yjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, newPerson, signInViaApi } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";

let app: RunningApp;
let cookie: string;
beforeAll(async () => {
  app = await startApp();
  const person = newPerson("collab");
  await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url },
    body: JSON.stringify({ name: person.name, email: person.email, password: person.password }),
  });
  cookie = cookieHeader(await signInViaApi(app.url, person));
});
afterAll(async () => {
  await stopApp(app);
});

/** A Node Yjs client on /collab, sending `headers` with its handshake. */
function connect(documentName: string, headers: Record<string, string>) {
  class HeaderWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  const socket = new HocuspocusProviderWebsocket({
    url: `ws://127.0.0.1:${app.port}/collab`,
    WebSocketPolyfill: HeaderWebSocket,
  });
  const doc = new Y.Doc();
  const events: string[] = [];
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: documentName,
    document: doc,
    token: "session-cookie",
    onSynced: () => events.push("synced"),
    onAuthenticationFailed: ({ reason }) => events.push(`denied: ${reason}`),
  });
  provider.attach();
  return {
    doc,
    events,
    close: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

describe("/collab", () => {
  it("syncs a Yjs document between two authenticated clients", async () => {
    const alice = connect("scratch-1", { cookie });
    const bob = connect("scratch-1", { cookie });
    try {
      await expect.poll(() => alice.events.includes("synced") && bob.events.includes("synced"), { timeout: 10_000 }).toBe(true);
      alice.doc.getText("body").insert(0, "Hello from Alice");
      await expect.poll(() => bob.doc.getText("body").toString(), { timeout: 10_000 }).toBe("Hello from Alice");
    } finally {
      alice.close();
      bob.close();
    }
  });

  it("refuses a client without a session", async () => {
    const anonymous = connect("scratch-2", {});
    try {
      await expect.poll(() => anonymous.events.find((e) => e.startsWith("denied")), { timeout: 10_000 }).toBe(
        "denied: Your session has expired. Sign in again to keep editing.",
      );
      expect(anonymous.events).not.toContain("synced");
    } finally {
      anonymous.close();
    }
  });

  it("refuses a handshake from a foreign page", async () => {
    const status = await new Promise<number | string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${app.port}/collab`, { headers: { cookie, origin: "https://evil.example" } });
      ws.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
      ws.on("open", () => resolve("open"));
      ws.on("error", () => undefined);
    });
    expect(status).toBe(403);
  });
});
