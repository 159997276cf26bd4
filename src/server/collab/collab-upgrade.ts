import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { ConnectionTimeout } from "@hocuspocus/common";
import type { Hocuspocus, WebSocketLike } from "@hocuspocus/server";
import crossws from "crossws/adapters/node";
import { CLOSE_TOO_MANY_CONNECTIONS } from "@/shared/protocol/close-codes";
import { CLIENT_IP_HEADER } from "@/server/auth/client-ip";
import type { ResolveCaller } from "./auth-extension";
import type { ConnectionLimits, SocketHolder } from "./connection-limits";
import { ConnectionCounter } from "./connection-limits";

type Upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** What the /collab upgrade needs besides Hocuspocus: who is calling, and how many sockets each may hold. */
export interface CollabUpgradeOptions {
  /** Who is behind a socket, for the per-session count (the same lookup AuthExtension makes). */
  resolveCaller: ResolveCaller;
  limits: ConnectionLimits;
  /** How long a socket with no working session or token stays open (default ANONYMOUS_SOCKET_MS). */
  anonymousSocketMs?: number;
}

/**
 * A socket opened without a working session or API token can never open a document: it is closed
 * this long after it opens (with Hocuspocus's ConnectionTimeout), time enough for the editor to be
 * told "unauthenticated". Hocuspocus's own timeout left idle ones open for one to two minutes,
 * each holding one of its address's places (COLLAB_MAX_CONNECTIONS_PER_ADDRESS).
 */
export const ANONYMOUS_SOCKET_MS = 10_000;

/**
 * Accepts WebSocket upgrades for `/collab` and hands each socket to Hocuspocus, the way
 * Hocuspocus's own Server does, but on our http server (one port for all). A socket past its
 * session's or its address's limit is opened and closed at once with CLOSE_TOO_MANY_CONNECTIONS,
 * which the editor explains (a refused handshake would reach it as a bare 1006); its provider
 * keeps retrying, so it gets in once another socket has gone.
 */
export function createCollabUpgrade(hocuspocus: Hocuspocus, options: CollabUpgradeOptions): Upgrade {
  const connections = new WeakMap<object, ReturnType<Hocuspocus["handleConnection"]>>();
  const counter = new ConnectionCounter(options.limits);
  const anonymousTimers = new WeakMap<object, NodeJS.Timeout>();
  const ws = crossws({
    serverOptions: { maxPayload: 16 * 1024 * 1024 },
    hooks: {
      async upgrade(request) {
        const address = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
        // A flood from one address is refused without looking anyone up.
        const credential = counter.isAddressFull(address) ? null : await credentialOf(options.resolveCaller, request.headers);
        return { context: { holder: { address, credential } satisfies SocketHolder } };
      },
      open(peer) {
        const holder = peer.context.holder as SocketHolder; // set by upgrade() above
        if (!counter.admit(peer, holder)) {
          peer.close(CLOSE_TOO_MANY_CONNECTIONS, "Too many connections");
          return;
        }
        // crossws's peer.websocket is the ws socket, which Hocuspocus drives directly.
        connections.set(peer, hocuspocus.handleConnection(peer.websocket as unknown as WebSocketLike, peer.request as Request));
        if (holder.credential === null) {
          const timer = setTimeout(() => peer.close(ConnectionTimeout.code, ConnectionTimeout.reason), options.anonymousSocketMs ?? ANONYMOUS_SOCKET_MS);
          timer.unref();
          anonymousTimers.set(peer, timer);
        }
      },
      message(peer, message) {
        connections.get(peer)?.handleMessage(message.uint8Array());
      },
      close(peer, event) {
        clearTimeout(anonymousTimers.get(peer));
        counter.release(peer);
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

// The session or API token a socket is counted under; none when it has no working credentials
// (AuthExtension then refuses its documents, and Hocuspocus closes it when it stays unauthenticated).
async function credentialOf(resolveCaller: ResolveCaller, headers: Headers): Promise<string | null> {
  try {
    const caller = await resolveCaller(headers);
    if (caller.kind === "session") return `session:${caller.sessionId}`;
    if (caller.kind === "token") return `token:${caller.grant.tokenId}`;
    return null;
  } catch (error) {
    console.error("[collab] looking up a socket's session:", error instanceof Error ? error.message : error);
    return null;
  }
}
