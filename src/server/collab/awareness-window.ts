import type { Connection, Document, LocalTransactionOrigin } from "@hocuspocus/server";
import { ResetConnection } from "@hocuspocus/common";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import { applyAwarenessUpdate } from "y-protocols/awareness";

/**
 * An unchanged state is still relayed once this long after it was last relayed: clients drop a
 * peer they have not heard from for 30 s (y-protocols' outdatedTimeout), and the provider renews
 * its state every 15 s, so every renewal still goes out; repeats in between do not.
 */
export const AWARENESS_RENEW_MS = 10_000;

// Applied as one local transaction per window: the clients each connection announced are
// recorded on the document here (Hocuspocus does it only for a connection origin).
const WINDOW_ORIGIN: LocalTransactionOrigin = { source: "local", context: { awarenessWindow: true } };

/** A client's latest announcement in the window: its awareness clock and state as JSON ("null": it left). */
interface Announcement {
  clock: number;
  json: string;
}

/**
 * Gathers one document's incoming awareness for a broadcast window and applies it once, instead
 * of once per message. Hocuspocus already sends the changed clients of a window in one message
 * per connection (`Document.flush`, encoded once); what grew with the crowd was the work per
 * incoming message: a scratch `Y.Doc` and `Awareness` to run `beforeHandleAwareness`, and an
 * `onAwarenessUpdate` payload listing every client's state, for each cursor move. Here:
 * - a message is decoded into (client, clock, JSON) and kept per connection; a later clock for
 *   the same client replaces it (latest wins, so a client counts at most once per window);
 * - at the window's end each connection's states go through `beforeHandleAwareness` once
 *   (`PresenceExtension` pins the person), states equal to what was last relayed are dropped
 *   (unless a renewal is due), and the rest is applied in one transaction, which Hocuspocus
 *   broadcasts at once (`broadcast`), with the document updates of the same window;
 * - the window ends at its own timer or when the document's window is due, whichever comes
 *   first (`takeDueFlush`), so one broadcast carries both.
 */
export class AwarenessWindow {
  private pending = new Map<Connection, Map<number, Announcement>>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** What was last relayed for each client: the JSON, the clock it was applied at, and when. */
  private readonly relayed = new Map<number, { json: string; clock: number; at: number }>();

  /** Windows queued or running (their hooks are asynchronous). */
  private queued = 0;

  /**
   * `broadcast` sends what the document gathered (its update and this awareness); with a
   * `WriteWindow` it is `WriteWindow.flush`, so the window's frames leave in one write each.
   */
  constructor(
    private readonly document: Document,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly broadcast: () => void = () => void document.flush(),
  ) {
    document.awareness.on("update", ({ removed }: { removed: number[] }) => {
      for (const clientId of removed) this.relayed.delete(clientId);
    });
  }

  /** Takes one awareness message from `connection` (the update inside the frame). */
  receive(connection: Connection, update: Uint8Array): void {
    let announcements: Array<[number, Announcement]>;
    try {
      announcements = decodeAwarenessUpdate(update);
    } catch {
      // What Hocuspocus does with a message it cannot read.
      connection.close({ code: ResetConnection.code, reason: ResetConnection.reason });
      return;
    }
    let byClient = this.pending.get(connection);
    if (!byClient) this.pending.set(connection, (byClient = new Map()));
    for (const [clientId, announcement] of announcements) {
      const earlier = byClient.get(clientId);
      if (!earlier || announcement.clock >= earlier.clock) byClient.set(clientId, announcement);
    }
    this.timer ??= setTimeout(() => this.enqueue(), this.windowMs);
  }

  /**
   * The document's own window is due (`WriteWindow.takeFlush`): true when this window will
   * broadcast shortly, the document's update with it, so both leave in the same tick.
   */
  takeDueFlush(): boolean {
    if (this.pending.size > 0) this.enqueue();
    return this.queued > 0;
  }

  /** Applies and broadcasts what the window gathered; exposed for tests. */
  async flush(): Promise<void> {
    await this.apply();
    if (!this.document.isDestroyed) this.broadcast();
  }

  /** Closes the window now: its announcements go out after the windows before it. */
  private enqueue(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queued++;
    // One window at a time, in order (hooks are asynchronous).
    this.flushing = this.flushing.then(async () => {
      try {
        await this.apply();
      } catch (error) {
        console.error("[collab] an awareness window failed:", error);
      } finally {
        this.queued--;
      }
      // Always, even with nothing to relay: a document flush taken by takeDueFlush waits for it.
      if (!this.document.isDestroyed) this.broadcast();
    });
  }

  /** Applies what the window gathered to the document's awareness (broadcast by the caller). */
  private async apply(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    const accepted: Array<[Connection, Array<[number, Announcement]>]> = [];
    for (const [connection, byClient] of batch) {
      // A connection that left took its clients' states with it: don't bring them back.
      if (this.document.isDestroyed || !this.document.hasConnection(connection)) continue;
      const states = await this.runHooks(connection, byClient);
      if (states) accepted.push([connection, states]);
    }
    // Checked again after the hooks' awaits, right before the synchronous apply.
    if (this.document.isDestroyed) return;
    const changes: Array<[number, Announcement]> = [];
    for (const [connection, states] of accepted) {
      if (!this.document.hasConnection(connection)) continue;
      const clients = this.document.getClients(connection);
      for (const [clientId, announcement] of states) {
        if (this.isRepeat(clientId, announcement)) continue;
        changes.push([clientId, announcement]);
        if (announcement.json === "null") clients.delete(clientId);
        else clients.add(clientId);
      }
    }
    if (changes.length === 0) return;
    const at = this.now();
    for (const [clientId, { json, clock }] of changes) this.relayed.set(clientId, { json, clock, at });
    applyAwarenessUpdate(this.document.awareness, encodeAwarenessUpdate(changes), WINDOW_ORIGIN);
  }

  /** `beforeHandleAwareness` over one connection's states, as Hocuspocus runs it per message; null when it refused them. */
  private async runHooks(connection: Connection, byClient: Map<number, Announcement>): Promise<Array<[number, Announcement]> | null> {
    const states = new Map<number, Record<string, unknown>>();
    try {
      for (const [clientId, { json }] of byClient) {
        const state: unknown = JSON.parse(json);
        if (state !== null && typeof state === "object") states.set(clientId, state as Record<string, unknown>);
      }
      await this.document.callbacks.beforeHandleAwareness(this.document, states, { source: "connection", connection });
    } catch (error) {
      // Hocuspocus closes a connection whose message it cannot read or a hook rejected.
      const { code, reason } = error !== null && typeof error === "object" ? (error as { code?: unknown; reason?: unknown }) : {};
      connection.close({
        code: typeof code === "number" ? code : ResetConnection.code,
        reason: typeof reason === "string" ? reason : ResetConnection.reason,
      });
      return null;
    }
    const accepted: Array<[number, Announcement]> = [];
    for (const [clientId, { clock, json }] of byClient) {
      if (json === "null") {
        accepted.push([clientId, { clock, json }]);
        continue;
      }
      const state = states.get(clientId);
      // A hook may drop a client's state from the map: then it is not relayed.
      if (state !== undefined) accepted.push([clientId, { clock, json: JSON.stringify(state) }]);
    }
    return accepted;
  }

  /** The same state as last relayed for this client, nothing else changed it since, and no renewal is due. */
  private isRepeat(clientId: number, { json, clock }: Announcement): boolean {
    const last = this.relayed.get(clientId);
    if (!last || last.json !== json || clock <= last.clock) return false;
    const meta = this.document.awareness.meta.get(clientId);
    return meta?.clock === last.clock && this.now() - last.at < AWARENESS_RENEW_MS;
  }
}

/** y-protocols' awareness update: a count, then (client, clock, JSON state) each. */
function decodeAwarenessUpdate(update: Uint8Array): Array<[number, Announcement]> {
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  const announcements: Array<[number, Announcement]> = [];
  for (let i = 0; i < count; i++) {
    const clientId = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    announcements.push([clientId, { clock, json: decoding.readVarString(decoder) }]);
  }
  return announcements;
}

function encodeAwarenessUpdate(changes: Array<[number, Announcement]>): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, changes.length);
  for (const [clientId, { clock, json }] of changes) {
    encoding.writeVarUint(encoder, clientId);
    encoding.writeVarUint(encoder, clock);
    encoding.writeVarString(encoder, json);
  }
  return encoding.toUint8Array(encoder);
}
