import http from "node:http";
import type { AddressInfo } from "node:net";
import { Hocuspocus } from "@hocuspocus/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectCollab } from "@test/collab-client";
import { createCollabUpgrade } from "@/server/collab/collab-upgrade";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { RawCollabClient } from "./raw-client";

// The load generator's hand-written protocol client against a real Hocuspocus on a real socket:
// if it stopped speaking the protocol, (b) and (c) would measure nothing.
let hocuspocus: Hocuspocus;
let server: http.Server;
let port: number;

beforeAll(async () => {
  hocuspocus = new Hocuspocus({ quiet: true });
  server = http.createServer();
  server.on("upgrade", createCollabUpgrade(hocuspocus, { resolveCaller: async () => ({ kind: "anonymous" }), limits: { perSession: 1000, perAddress: 1000 } }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port; // listening on TCP, so an AddressInfo
});
afterAll(async () => {
  hocuspocus.closeConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("RawCollabClient", () => {
  it("syncs, types after the text it joined, and observes the others' keystrokes by id", async () => {
    const documentId = "rawclient001";
    const editor = connectCollab(port, documentId, {});
    await expect.poll(() => editor.events.includes("synced")).toBe(true);
    editor.doc.getText(BODY_YTEXT).insert(0, "Existing text.");

    const arrivals: Array<[number, number, number]> = [];
    const typist = new RawCollabClient({ port, documentId, headers: {} });
    const observer = new RawCollabClient({ port, documentId, headers: {}, observerIndex: 0, onArrival: (client, clock, length) => arrivals.push([client, clock, length]) });
    await Promise.all([typist.ready, observer.ready]);
    expect(typist.doc.getText(BODY_YTEXT).toString()).toBe("Existing text.");

    typist.startOwnLine();
    const typed = [typist.keystroke("h", 60, true), typist.keystroke("i", 60, true)];
    await expect.poll(() => editor.doc.getText(BODY_YTEXT).toString()).toBe("Existing text.\nhi");
    await expect.poll(() => arrivals.filter(([client]) => client === typist.doc.clientID).length).toBe(3);
    expect(typed).toEqual([
      { client: typist.doc.clientID, clock: 1 },
      { client: typist.doc.clientID, clock: 2 },
    ]);
    // A line at its limit is cleared with one keystroke, which inserts nothing.
    expect(typist.keystroke("x", 2, false)).toBeNull();
    await expect.poll(() => editor.doc.getText(BODY_YTEXT).toString()).toBe("Existing text.\n");
    // Lightweight: the observer noted the keystrokes but never applied them to its copy.
    expect(observer.doc.getText(BODY_YTEXT).toString()).toBe("Existing text.");

    editor.close();
    await Promise.all([typist.close(), observer.close()]);
  });

  it("keeps a marked line whole when a client that joined later types after it (the soak counts keystrokes by line)", async () => {
    const documentId = "rawclient002";
    const reader = connectCollab(port, documentId, {});
    await expect.poll(() => reader.events.includes("synced")).toBe(true);
    const first = new RawCollabClient({ port, documentId, headers: {} });
    await first.ready;
    // Yjs orders concurrent inserts at one place by client id: the first typist's must be the
    // larger for its keystrokes to be ordered after the newcomer's line without the closing newline.
    first.doc.clientID = 2_000_000;
    first.startOwnLine("#a: ");
    await expect.poll(() => reader.doc.getText(BODY_YTEXT).toString()).toContain("#a: ");
    const second = new RawCollabClient({ port, documentId, headers: {} });
    await second.ready;
    second.doc.clientID = 1_000_000;
    second.startOwnLine("#b: ");
    for (const char of "xyz") {
      first.keystroke(char, Number.POSITIVE_INFINITY, false);
      second.keystroke(char.toUpperCase(), Number.POSITIVE_INFINITY, false);
    }
    const lines = () => reader.doc.getText(BODY_YTEXT).toString().split("\n").filter((line) => line.startsWith("#"));
    await expect.poll(lines).toEqual(["#a: xyz", "#b: XYZ"]);
    expect([first.ownText(), second.ownText()]).toEqual(["xyz", "XYZ"]);
    expect(first.updatesSent).toBeGreaterThan(0);
    await expect.poll(() => first.updatesAcked + second.updatesAcked).toBe(first.updatesSent + second.updatesSent);
    reader.close();
    await Promise.all([first.close(), second.close()]);
    expect([first.unexpectedClose, second.unexpectedClose, ...first.errors, ...second.errors]).toEqual([null, null]);
  });
});
