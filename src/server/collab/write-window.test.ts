import { Connection, Document, MessageType } from "@hocuspocus/server";
import * as decoding from "lib0/decoding";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { Awareness, encodeAwarenessUpdate } from "y-protocols/awareness";
import { documentWindows } from "./awareness-window-extension";
import { socketOf } from "./write-window";

// A real Hocuspocus Document and Connections wired as the extension wires them; under each
// connection a WebSocket that frames like ws (cork, header, payload, uncork) over a socket that
// writes like a net.Socket: nothing while corked, then everything buffered in one write.
const WINDOW_MS = 25;
const documents: Document[] = [];
const clients: Awareness[] = [];
afterEach(() => {
  for (const document of documents.splice(0)) document.destroy();
  for (const awareness of clients.splice(0)) awareness.destroy();
});

class RecordingSocket {
  destroyed = false;
  /** Each write that reached the "network": the frames it carried. */
  readonly writes: Uint8Array[][] = [];
  private corked = 0;
  private buffered: Uint8Array[] = [];
  cork(): void {
    this.corked++;
  }
  uncork(): void {
    if (this.corked > 0) this.corked--;
    if (this.corked === 0 && this.buffered.length > 0) this.writes.push(this.buffered.splice(0));
  }
  write(frame: Uint8Array): void {
    this.buffered.push(frame);
    if (this.corked === 0) this.uncork();
  }
}

function setUp() {
  const document = new Document("doc", {}, { flushDelay: WINDOW_MS });
  documents.push(document);
  const windows = documentWindows(document, WINDOW_MS);
  const connect = () => {
    const socket = new RecordingSocket();
    const webSocket = {
      readyState: 1,
      _socket: socket,
      // ws's Sender.sendFrame: the frame's header and payload under one cork.
      send: (data: Uint8Array) => {
        socket.cork();
        socket.write(data);
        socket.uncork();
      },
      close: () => undefined,
    };
    const connection = new Connection(webSocket, new Request("http://localhost/collab"), document, crypto.randomUUID(), {});
    windows.writes.attach(connection);
    return { connection, socket };
  };
  return { document, windows, connect };
}

function client() {
  const awareness = new Awareness(new Y.Doc());
  clients.push(awareness);
  return { awareness, update: () => encodeAwarenessUpdate(awareness, [awareness.clientID]) };
}

/** A client's keystroke, as the update its provider would send. */
function keystroke(document: Document, text: string): Uint8Array {
  const typist = new Y.Doc();
  Y.applyUpdate(typist, Y.encodeStateAsUpdate(document));
  typist.getText("body").insert(0, text);
  const update = Y.encodeStateAsUpdate(typist, Y.encodeStateVector(document));
  typist.destroy();
  return update;
}

/** The message type of each frame in a write (after its address). */
const typesOf = (write: Uint8Array[]) =>
  write.map((frame) => {
    const decoder = decoding.createDecoder(frame);
    decoding.readVarString(decoder);
    return decoding.readVarUint(decoder);
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("WriteWindow", () => {
  it("finds the socket ws writes to, and nothing under other WebSockets", () => {
    const { connect } = setUp();
    expect(socketOf(connect().connection)).toBeInstanceOf(RecordingSocket);
    const document = new Document("other");
    documents.push(document);
    const bare = new Connection({ readyState: 1, send: () => undefined, close: () => undefined }, new Request("http://localhost/collab"), document, "id", {});
    expect(socketOf(bare)).toBeNull();
  });

  it("sends a connection's replies, the window's update and its awareness in one write", async () => {
    const { document, windows, connect } = setUp();
    const typist = connect();
    const watcher = connect();
    const alice = client();
    // What Hocuspocus does for a keystroke: apply it, answer the sender; then the cursor move.
    Y.applyUpdate(document, keystroke(document, "a"), { source: "connection", connection: typist.connection });
    typist.connection.sendStateless("a reply");
    alice.awareness.setLocalState({ cursor: 1 });
    windows.awareness.receive(typist.connection, alice.update());
    expect(typist.socket.writes).toEqual([]); // held until the window closes
    expect(windows.writes.heldCount).toBe(1);
    await pause(WINDOW_MS * 3);
    expect(typist.socket.writes.map(typesOf)).toEqual([[MessageType.Stateless, MessageType.Sync, MessageType.Awareness]]);
    expect(watcher.socket.writes.map(typesOf)).toEqual([[MessageType.Sync, MessageType.Awareness]]);
    expect(windows.writes.heldCount).toBe(0);
  });

  it("lets the document's due flush wait for the awareness window, so both go out together", async () => {
    const { document, windows, connect } = setUp();
    const typist = connect();
    const watcher = connect();
    const alice = client();
    alice.awareness.setLocalState({ cursor: 1 });
    windows.awareness.receive(typist.connection, alice.update());
    // The document's own window ends first (as when its update arrived first).
    Y.applyUpdate(document, keystroke(document, "a"), { source: "connection", connection: typist.connection });
    document.flush();
    expect(watcher.socket.writes).toEqual([]); // the awareness window's hooks run first
    await pause(WINDOW_MS * 3);
    expect(watcher.socket.writes.map(typesOf)).toEqual([[MessageType.Sync, MessageType.Awareness]]);
  });

  it("releases replies when no window closes, within the window's time", async () => {
    const { windows, connect } = setUp();
    const typist = connect();
    typist.connection.sendStateless("a reply");
    typist.connection.sendStateless("another");
    expect(typist.socket.writes).toEqual([]);
    await pause(WINDOW_MS * 3);
    expect(typist.socket.writes.map(typesOf)).toEqual([[MessageType.Stateless, MessageType.Stateless]]);
    expect(windows.writes.heldCount).toBe(0);
  });

  it("flushes at once when no awareness is waiting", () => {
    const { document, connect } = setUp();
    const watcher = connect();
    const typist = connect();
    Y.applyUpdate(document, keystroke(document, "a"), { source: "connection", connection: typist.connection });
    document.flush();
    expect(watcher.socket.writes.map(typesOf)).toEqual([[MessageType.Sync]]);
  });
});
