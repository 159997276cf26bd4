import type { Connection, Document } from "@hocuspocus/server";

/** The part of the net.Socket under a connection's WebSocket used here. */
export interface CorkableSocket {
  cork(): void;
  uncork(): void;
  readonly destroyed: boolean;
}

/**
 * The socket under a Hocuspocus connection: ws (bundled in crossws) keeps the net.Socket it
 * writes frames to at `_socket`, a private field, so anything else (a test's recorder, another
 * WebSocket implementation) yields null and its sends go out as before.
 */
export function socketOf(connection: Connection): CorkableSocket | null {
  const socket: unknown = (connection.webSocket as { _socket?: unknown })._socket;
  if (socket === null || typeof socket !== "object") return null;
  const { cork, uncork } = socket as Partial<CorkableSocket>;
  return typeof cork === "function" && typeof uncork === "function" ? (socket as CorkableSocket) : null;
}

/**
 * One socket write per connection per broadcast window, instead of one per frame. Every frame
 * ws sends is its own `writev` (it corks only around a frame's header and payload), and a
 * typist's connection got three per window: the SyncStatus reply to its keystroke, the window's
 * merged document update and its awareness message. With 400 typists that was a quarter of the
 * server's CPU (docs/performance-notes.md "Collaboration server").
 *
 * Here a connection's socket is corked at its first send (`attach` wraps `Connection.send`) and
 * uncorked when the document's window is flushed, after the broadcast, so the replies held since
 * the last window and the window's frames leave in one write. Broadcasts are not delayed (they
 * are sent at the flush, as before); replies wait for it, at most `windowMs` (a timer releases
 * them when no flush comes): a SyncStatus only counts down the provider's unsynced changes.
 *
 * `takeFlush` lets the awareness window take the document's due flush and run it once its
 * hooks have run (`AwarenessWindow.takeDueFlush`), so the awareness and the document update of
 * one window go out together rather than from two timers a few milliseconds apart.
 */
export class WriteWindow {
  /** Asked when the document's flush is due; true when it will call `flush` itself shortly. */
  takeFlush: () => boolean = () => false;
  private readonly held = new Set<CorkableSocket>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly flushDocument: () => Document;

  constructor(
    private readonly document: Document,
    private readonly windowMs: number,
  ) {
    this.flushDocument = document.flush.bind(document);
    // `flush` is public and Hocuspocus calls it as a method (its window's timer, the byte limit,
    // `destroy`), so the instance property takes those calls.
    document.flush = (): Document => {
      if (document.getConnectionsCount() > 0 && this.takeFlush()) return document;
      return this.flush();
    };
  }

  /** From now on, what Hocuspocus sends this connection waits for the window's flush. */
  attach(connection: Connection): void {
    const socket = socketOf(connection);
    if (!socket) return;
    const send = connection.send.bind(connection);
    connection.send = (message: Uint8Array): void => {
      this.hold(socket);
      send(message);
    };
  }

  /** Hocuspocus's flush (the window's document update and awareness to every connection), then one write per connection. */
  flush(): Document {
    try {
      return this.flushDocument();
    } finally {
      this.release();
    }
  }

  /** Sockets corked now (for tests). */
  get heldCount(): number {
    return this.held.size;
  }

  private hold(socket: CorkableSocket): void {
    if (this.held.has(socket) || socket.destroyed) return;
    socket.cork();
    this.held.add(socket);
    this.timer ??= setTimeout(() => this.release(), this.windowMs);
  }

  private release(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Each socket was corked once by `hold`; ws's own cork/uncork pairs nest inside.
    for (const socket of this.held) socket.uncork();
    this.held.clear();
  }
}
