import http from "node:http";
import type { AddressInfo } from "node:net";
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import { Hocuspocus } from "@hocuspocus/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import * as Y from "yjs";
import { INVALID_UPDATE_REASON, UPDATE_ADJUSTED_MESSAGE } from "@/shared/protocol/close-codes";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { deriveDocument } from "@/server/body/derive-document";
import { createCollabUpgrade } from "./collab-upgrade";
import { SanitizeExtension } from "./sanitize-extension";

const MAX_BODY_CHARS = 200;
let hocuspocus: Hocuspocus;
let server: http.Server;
let port: number;

beforeAll(async () => {
  hocuspocus = new Hocuspocus({ quiet: true, extensions: [new SanitizeExtension({ maxBodyChars: MAX_BODY_CHARS })] });
  server = http.createServer();
  server.on("upgrade", createCollabUpgrade(hocuspocus, { resolveCaller: async () => ({ kind: "anonymous" }), limits: { perSession: 1000, perAddress: 1000 } }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port; // listening on TCP, so an AddressInfo
});
afterAll(async () => {
  hocuspocus.closeConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A Node Yjs client that records every document update the server sends it. */
function connect(name: string) {
  const socket = new HocuspocusProviderWebsocket({ url: `ws://127.0.0.1:${port}`, WebSocketPolyfill: WebSocket });
  const doc = new Y.Doc();
  const received: Uint8Array[] = [];
  const events: string[] = [];
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name,
    document: doc,
    onSynced: () => events.push("synced"),
    onStateless: ({ payload }) => events.push(payload),
    onClose: ({ event }) => events.push(`closed: ${event.reason}`),
  });
  doc.on("update", (update: Uint8Array, origin: unknown) => {
    if (origin === provider) received.push(update); // what came over the socket
  });
  provider.attach();
  return {
    doc,
    body: doc.getText(BODY_YTEXT),
    received,
    events,
    close: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** Every value the updates carry, as JSON: text, embeds, attribute keys and values. */
function carried(updates: Uint8Array[]): string {
  return JSON.stringify(updates.flatMap((u) => Y.decodeUpdate(u).structs.map((s) => (s instanceof Y.Item ? s.content.getContent() : null))));
}

async function pair(name: string) {
  const alice = connect(name);
  const bob = connect(name);
  await expect.poll(() => alice.events.includes("synced") && bob.events.includes("synced")).toBe(true);
  return [alice, bob] as const;
}

describe("SanitizeExtension", () => {
  it("repairs a crafted update before it is stored or relayed", async () => {
    const [alice, bob] = await pair("crafted");
    try {
      alice.doc.transact(() => {
        alice.body.insert(0, "\n");
        alice.body.insert(0, "click", { link: "javascript:alert(1)" });
        alice.body.insertEmbed(6, { image: "ftp://x/y.png" });
        alice.body.insertEmbed(7, { image: "javascript:alert(1)" }, { onerror: "alert(1)" });
        alice.body.insert(8, "<script>alert(1)</script>\n", { onclick: "alert(1)" });
      });
      const expected = [
        { insert: "click", attributes: { link: "about:blank" } },
        { insert: "\n" },
        { insert: { image: "" } },
        { insert: { image: "" } },
        { insert: "<script>alert(1)</script>\n" },
      ];
      await expect.poll(() => bob.body.toDelta()).toEqual(expected);
      // The sender gets the repair too, and is told why.
      await expect.poll(() => alice.body.toDelta()).toEqual(expected);
      expect(alice.events.some((e) => e.includes(UPDATE_ADJUSTED_MESSAGE) && e.includes("unsafe_content"))).toBe(true);

      expect(bob.received.length).toBeGreaterThan(0);
      expect(carried(bob.received)).not.toMatch(/javascript|ftp:|onerror|onclick/);
      const stored = hocuspocus.documents.get("crafted");
      if (!stored) throw new Error("the server has no document");
      expect(carried([Y.encodeStateAsUpdate(stored)])).not.toMatch(/javascript|ftp:|onerror|onclick/);
      const { html } = await deriveDocument(stored);
      expect(html).not.toMatch(/javascript|<script|onerror|onclick/);
    } finally {
      alice.close();
      bob.close();
    }
  });

  it("refuses an update that is not a Quill body, relaying none of it", async () => {
    const [alice, bob] = await pair("foreign");
    try {
      alice.doc.getMap("evil").set("x", "javascript:alert(1)");
      await expect.poll(() => alice.events).toContain(`closed: ${INVALID_UPDATE_REASON}`);
      bob.body.insert(0, "still here\n"); // a round trip through the server
      await expect.poll(() => hocuspocus.documents.get("foreign")?.getText(BODY_YTEXT).toString()).toBe("still here\n");
      expect(carried(bob.received)).not.toContain("javascript");
      expect(bob.doc.share.has("evil")).toBe(false);
    } finally {
      alice.close();
      bob.close();
    }
  });

  it("drops an edit past the length limit and keeps the text before it", async () => {
    const [alice, bob] = await pair("long");
    try {
      alice.body.insert(0, "kept\n");
      await expect.poll(() => bob.body.toString()).toBe("kept\n");
      alice.body.insert(0, "x".repeat(MAX_BODY_CHARS));
      await expect.poll(() => alice.events.some((e) => e.includes("body_too_long"))).toBe(true);
      await expect.poll(() => alice.body.toString()).toBe("kept\n");
      expect(bob.body.toString()).toBe("kept\n");
      expect(carried(bob.received)).not.toContain("xxxx");
    } finally {
      alice.close();
      bob.close();
    }
  });
});
