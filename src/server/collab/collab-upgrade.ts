import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Hocuspocus, WebSocketLike } from "@hocuspocus/server";
import crossws from "crossws/adapters/node";

type Upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * Accepts WebSocket upgrades for `/collab` and hands each socket to Hocuspocus,
 * the way Hocuspocus's own Server does, but on our http server (one port for all).
 */
export function createCollabUpgrade(hocuspocus: Hocuspocus): Upgrade {
  const connections = new WeakMap<object, ReturnType<Hocuspocus["handleConnection"]>>();
  const ws = crossws({
    serverOptions: { maxPayload: 16 * 1024 * 1024 },
    hooks: {
      open(peer) {
        // crossws's peer.websocket is the ws socket, which Hocuspocus drives directly.
        connections.set(peer, hocuspocus.handleConnection(peer.websocket as unknown as WebSocketLike, peer.request as Request));
      },
      message(peer, message) {
        connections.get(peer)?.handleMessage(message.uint8Array());
      },
      close(peer, event) {
        connections.get(peer)?.handleClose({ code: event.code ?? 1000, reason: event.reason ?? "" });
        connections.delete(peer);
      },
      error(peer, error) {
        console.error(`[collab] socket error (peer ${peer.id}):`, error.message);
      },
    },
  });
  return (request, socket, head) => void ws.handleUpgrade(request, socket, head);
}

/** Closes every collaboration connection and waits (up to `timeoutMs`) for pending stores. */
export async function stopCollab(hocuspocus: Hocuspocus, timeoutMs = 10_000): Promise<void> {
  if (hocuspocus.getDocumentsCount() > 0) {
    const unloaded = new Promise<void>((resolve) => {
      hocuspocus.configuration.extensions.push({
        async afterUnloadDocument({ instance }) {
          if (instance.getDocumentsCount() === 0) resolve();
        },
      });
    });
    hocuspocus.closeConnections();
    hocuspocus.flushPendingStores();
    await Promise.race([unloaded, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }
  await hocuspocus.hooks("onDestroy", { instance: hocuspocus });
}
