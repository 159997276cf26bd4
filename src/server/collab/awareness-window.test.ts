import { Connection, Document, MessageType } from "@hocuspocus/server";
import * as decoding from "lib0/decoding";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { Awareness, encodeAwarenessUpdate } from "y-protocols/awareness";
import { AWARENESS_RENEW_MS, AwarenessWindow } from "./awareness-window";

// A real Hocuspocus Document and real Connections; only the socket under each connection is a
// recorder of the frames the server sends it.
const WINDOW_MS = 25;
const documents: Document[] = [];
const clients: Awareness[] = [];
afterEach(() => {
  for (const document of documents.splice(0)) document.destroy();
  for (const awareness of clients.splice(0)) awareness.destroy();
});

function setUp(now: () => number = Date.now) {
  const document = new Document("doc", {}, { flushDelay: WINDOW_MS });
  documents.push(document);
  const window = new AwarenessWindow(document, WINDOW_MS, now);
  const connect = () => {
    const frames: Uint8Array[] = [];
    const socket = { readyState: 1, send: (data: Uint8Array) => void frames.push(data), close: () => undefined };
    const connection = new Connection(socket, new Request("http://localhost/collab"), document, crypto.randomUUID(), {});
    return { connection, frames };
  };
  return { document, window, connect };
}

/** A client's own awareness, whose updates are what its provider would send. */
function client() {
  const awareness = new Awareness(new Y.Doc());
  clients.push(awareness);
  return { awareness, update: () => encodeAwarenessUpdate(awareness, [awareness.clientID]) };
}

/** The awareness frames among `frames`, each as (client → state). */
function awarenessFrames(frames: Uint8Array[]): Array<Map<number, unknown>> {
  const found: Array<Map<number, unknown>> = [];
  for (const frame of frames) {
    const decoder = decoding.createDecoder(frame);
    decoding.readVarString(decoder);
    if (decoding.readVarUint(decoder) !== MessageType.Awareness) continue;
    const update = decoding.createDecoder(decoding.readVarUint8Array(decoder));
    const states = new Map<number, unknown>();
    for (let i = decoding.readVarUint(update); i > 0; i--) {
      const clientId = decoding.readVarUint(update);
      decoding.readVarUint(update);
      states.set(clientId, JSON.parse(decoding.readVarString(update)));
    }
    found.push(states);
  }
  return found;
}

const windowEnds = () => new Promise((resolve) => setTimeout(resolve, WINDOW_MS * 3));

describe("AwarenessWindow", () => {
  it("sends N changes made within one window as one awareness message per connection, with the latest states", async () => {
    const { window, connect } = setUp();
    const a = connect();
    const b = connect();
    const watcher = connect();
    const alice = client();
    const bob = client();
    for (let i = 1; i <= 10; i++) {
      alice.awareness.setLocalState({ cursor: i });
      window.receive(a.connection, alice.update());
      bob.awareness.setLocalState({ cursor: 100 + i });
      window.receive(b.connection, bob.update());
    }
    await windowEnds();
    for (const { frames } of [a, b, watcher]) {
      const messages = awarenessFrames(frames);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toEqual(
        new Map([
          [alice.awareness.clientID, { cursor: 10 }],
          [bob.awareness.clientID, { cursor: 110 }],
        ]),
      );
    }
  });

  it("does not send again a client whose state has not changed, nor anyone who said nothing", async () => {
    const { window, connect } = setUp();
    const a = connect();
    const b = connect();
    const watcher = connect();
    const alice = client();
    const bob = client();
    alice.awareness.setLocalState({ cursor: 1 });
    bob.awareness.setLocalState({ cursor: 2 });
    window.receive(a.connection, alice.update());
    window.receive(b.connection, bob.update());
    await windowEnds();
    // Alice announces the same state again (a newer clock, as y-protocols sends it); Bob moves.
    alice.awareness.setLocalState({ cursor: 1 });
    window.receive(a.connection, alice.update());
    bob.awareness.setLocalState({ cursor: 3 });
    window.receive(b.connection, bob.update());
    await windowEnds();
    // Only Alice repeats herself: nothing goes out.
    alice.awareness.setLocalState({ cursor: 1 });
    window.receive(a.connection, alice.update());
    await windowEnds();
    const messages = awarenessFrames(watcher.frames);
    expect(messages).toEqual([
      new Map([
        [alice.awareness.clientID, { cursor: 1 }],
        [bob.awareness.clientID, { cursor: 2 }],
      ]),
      new Map([[bob.awareness.clientID, { cursor: 3 }]]),
    ]);
  });

  it("still relays an unchanged state once a renewal is due, so peers don't time the client out", async () => {
    let clock = 1_000_000;
    const { window, connect } = setUp(() => clock);
    const a = connect();
    const watcher = connect();
    const alice = client();
    alice.awareness.setLocalState({ cursor: 1 });
    window.receive(a.connection, alice.update());
    await windowEnds();
    clock += AWARENESS_RENEW_MS;
    alice.awareness.setLocalState({ cursor: 1 });
    window.receive(a.connection, alice.update());
    await windowEnds();
    expect(awarenessFrames(watcher.frames)).toHaveLength(2);
  });

  it("relays a client leaving, records clients on their connection, and drops what a departed connection sent", async () => {
    const { document, window, connect } = setUp();
    const a = connect();
    const b = connect();
    const watcher = connect();
    const alice = client();
    const bob = client();
    alice.awareness.setLocalState({ cursor: 1 });
    window.receive(a.connection, alice.update());
    await windowEnds();
    expect(document.getClients(a.connection)).toEqual(new Set([alice.awareness.clientID]));

    alice.awareness.setLocalState(null);
    window.receive(a.connection, alice.update());
    bob.awareness.setLocalState({ cursor: 2 });
    window.receive(b.connection, bob.update());
    b.connection.close();
    await windowEnds();
    expect(document.getClients(a.connection).size).toBe(0);
    expect([...document.awareness.getStates().keys()]).toEqual([]);
    expect(awarenessFrames(watcher.frames).at(-1)).toEqual(new Map([[alice.awareness.clientID, null]]));
  });

  it("runs beforeHandleAwareness once per connection and window, and relays what it made of the states", async () => {
    const { document, window, connect } = setUp();
    const calls: number[] = [];
    document.beforeHandleAwareness(async (_document, states) => {
      calls.push(states.size);
      for (const state of states.values()) state.user = { name: "pinned" };
    });
    const a = connect();
    const watcher = connect();
    const alice = client();
    for (let i = 0; i < 5; i++) {
      alice.awareness.setLocalState({ user: { name: "claimed" }, cursor: i });
      window.receive(a.connection, alice.update());
    }
    await windowEnds();
    expect(calls).toEqual([1]);
    expect(awarenessFrames(watcher.frames)).toEqual([new Map([[alice.awareness.clientID, { user: { name: "pinned" }, cursor: 4 }]])]);
  });

  it("closes a connection that sends a state it cannot read, as Hocuspocus does, and relays the others", async () => {
    const { window, connect } = setUp();
    const crafted = connect();
    const a = connect();
    const watcher = connect();
    const alice = client();
    alice.awareness.setLocalState({ cursor: 1 });
    window.receive(a.connection, alice.update());
    window.receive(crafted.connection, new Uint8Array([1, 7, 1, 3, 123, 123, 123])); // one client, state "{{{"
    await windowEnds();
    expect(awarenessFrames(watcher.frames)).toEqual([new Map([[alice.awareness.clientID, { cursor: 1 }]])]);
    expect(crafted.connection.document.hasConnection(crafted.connection)).toBe(false);
  });
});
