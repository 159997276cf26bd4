import http from "node:http";
import type { AddressInfo } from "node:net";
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import { Hocuspocus } from "@hocuspocus/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import * as Y from "yjs";
import type { Extension } from "@hocuspocus/server";
import type { RefusedUpdateReason } from "@/shared/protocol/close-codes";
import { UPDATE_ADJUSTED_MESSAGE } from "@/shared/protocol/close-codes";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { deriveDocument } from "@/server/body/derive-document";
import { createCollabUpgrade } from "./collab-upgrade";
import { SanitizeExtension } from "./sanitize-extension";

const MAX_BODY_CHARS = 200;
let hocuspocus: Hocuspocus;
let port: number;
let stop: () => Promise<void>;

/** Hocuspocus with `extensions` behind the /collab upgrade on a port of its own. */
async function startServer(extensions: Extension[]) {
  const instance = new Hocuspocus({ quiet: true, extensions });
  const server = http.createServer();
  server.on("upgrade", createCollabUpgrade(instance, { resolveCaller: async () => ({ kind: "anonymous" }), limits: { perSession: 1000, perAddress: 1000 } }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: listening } = server.address() as AddressInfo; // listening on TCP, so an AddressInfo
  const close = async () => {
    instance.closeConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { hocuspocus: instance, port: listening, close };
}

beforeAll(async () => {
  ({ hocuspocus, port, close: stop } = await startServer([new SanitizeExtension({ maxBodyChars: MAX_BODY_CHARS })]));
});
afterAll(async () => stop());

/** A Node Yjs client that records every document update the server sends it. */
function connect(name: string, { to = port, prepare }: { to?: number; prepare?: (doc: Y.Doc) => void } = {}) {
  const socket = new HocuspocusProviderWebsocket({ url: `ws://127.0.0.1:${to}`, WebSocketPolyfill: WebSocket });
  const doc = new Y.Doc();
  prepare?.(doc); // what a device copy held before connecting
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

async function pair(name: string, to = port) {
  const alice = connect(name, { to });
  const bob = connect(name, { to });
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
      await expect.poll(() => alice.events).toContain(`closed: ${"invalid_update" satisfies RefusedUpdateReason}`);
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

describe("SanitizeExtension size limits", () => {
  const MAX_UPDATE_ITEMS = 5_000;
  const MAX_DOCUMENT_ITEMS = 10_000;
  let limited: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    // Documents named "viewer-…" take their connections read-only, as AuthExtension makes a viewer's.
    const viewers: Extension = {
      async onConnect({ documentName, connectionConfig }) {
        if (documentName.startsWith("viewer-")) connectionConfig.readOnly = true;
      },
    };
    limited = await startServer([viewers, new SanitizeExtension({ maxUpdateItems: MAX_UPDATE_ITEMS, maxDocumentItems: MAX_DOCUMENT_ITEMS })]);
  });
  afterAll(async () => limited.close());

  /** `count` one-character inserts, each at the start of the body, so that none merge: QA's flood (third sweep #4). */
  const flood = (body: Y.Text, count: number) => body.doc?.transact(() => {
    for (let i = 0; i < count; i += 1) body.insert(0, "x");
  });

  it("refuses an update with more items than the limit: the sender is told why, and nobody gets any of it", async () => {
    const [alice, bob] = await pair("flood", limited.port);
    try {
      bob.body.insert(0, "kept\n");
      await expect.poll(() => alice.body.toString()).toBe("kept\n");
      flood(alice.body, MAX_UPDATE_ITEMS + 1);
      await expect.poll(() => alice.events).toContain("closed: update_too_large");
      bob.body.insert(0, "still here: "); // a round trip through the server
      await expect.poll(() => limited.hocuspocus.documents.get("flood")?.getText(BODY_YTEXT).toString()).toBe("still here: kept\n");
      expect(bob.body.toString()).toBe("still here: kept\n");
      expect(carried(bob.received)).not.toContain("xxxx");
    } finally {
      alice.close();
      bob.close();
    }
  });

  it("refuses a read-only connection's oversize sync step 2 too, which Hocuspocus would otherwise decode whole", async () => {
    const viewer = connect("viewer-flood", { to: limited.port, prepare: (doc) => flood(doc.getText(BODY_YTEXT), MAX_UPDATE_ITEMS + 1) });
    try {
      await expect.poll(() => viewer.events).toContain("closed: update_too_large");
    } finally {
      viewer.close();
    }
  });

  it("refuses updates that pile up items waiting behind a gap, which no other limit counts", async () => {
    const [alice, bob] = await pair("gap", limited.port);
    try {
      // Alice's client is crafted: its first item (clock 0) is never sent, then 3,000 items after
      // it at a time, each message under the update limit. The document holds them back (Yjs's
      // pendingStructs) rather than counting them, and merges each new message into them.
      const crafted = new Y.Doc();
      Y.applyUpdate(crafted, Y.encodeStateAsUpdate(alice.doc));
      crafted.getText(BODY_YTEXT).insert(0, "g");
      const sendGapped = () => {
        const at = Y.encodeStateVector(crafted);
        flood(crafted.getText(BODY_YTEXT), 3_000);
        // Sent as the provider sends the document's own updates.
        const update = Y.encodeStateAsUpdate(crafted, at);
        alice.doc.transact((transaction) => alice.doc.emit("update", [update, "crafted", alice.doc, transaction]));
      };
      const waiting = () => {
        const pending = limited.hocuspocus.documents.get("gap")?.store.pendingStructs;
        return pending ? Y.decodeUpdateV2(pending.update).structs.length : 0;
      };
      sendGapped();
      await expect.poll(waiting).toBe(3_000);
      sendGapped();
      await expect.poll(() => alice.events).toContain(`closed: ${"invalid_update" satisfies RefusedUpdateReason}`);
      expect(waiting()).toBe(3_000);
      bob.body.insert(0, "typing goes on\n"); // a round trip through the server
      await expect.poll(() => limited.hocuspocus.documents.get("gap")?.getText(BODY_YTEXT).toString()).toBe("typing goes on\n");
    } finally {
      alice.close();
      bob.close();
    }
  });

  it("takes no more items into a document at its limit, and still takes deletions", async () => {
    const [alice, bob] = await pair("full", limited.port);
    try {
      flood(alice.body, 4_000);
      flood(alice.body, 4_000);
      await expect.poll(() => bob.body.length).toBe(8_000);
      flood(bob.body, 4_000);
      await expect.poll(() => bob.events).toContain("closed: document_too_large");
      alice.body.delete(0, 10);
      await expect.poll(() => limited.hocuspocus.documents.get("full")?.getText(BODY_YTEXT).length).toBe(7_990);
    } finally {
      alice.close();
      bob.close();
    }
  });
});
