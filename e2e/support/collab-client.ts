import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import WebSocket from "ws";
import * as decoding from "lib0/decoding";
import * as Y from "yjs";
import { collabDocumentName } from "../../src/shared/collab/document-name";

// Hocuspocus's MessageType.SyncStatus.
const SYNC_STATUS = 8;

/** A Node Yjs client on /collab — a "crafted client" that skips the editor's checks. */
export function connectCollab(port: number, documentId: string, headers: Record<string, string>) {
  class HeaderWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  const socket = new HocuspocusProviderWebsocket({ url: `ws://127.0.0.1:${port}/collab`, WebSocketPolyfill: HeaderWebSocket });
  const doc = new Y.Doc();
  const events: string[] = [];
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: collabDocumentName(documentId),
    document: doc,
    token: "session-cookie",
    onSynced: () => events.push("synced"),
    onAuthenticationFailed: ({ reason }) => events.push(`denied: ${reason}`),
    onClose: ({ event }) => events.push(`closed: ${event.code}`),
    onStateless: ({ payload }) => events.push(`stateless: ${payload}`),
    onAuthenticated: ({ scope }) => events.push(`authenticated: ${scope}`),
  });
  // The server acknowledges each update: "sync-status: applied", or "refused" on a read-only
  // connection (the provider itself drops the refusals, so they are read off the wire here).
  provider.on("message", ({ message }: { message: { decoder: decoding.Decoder } }) => {
    decoding.readVarString(message.decoder);
    if (decoding.readVarUint(message.decoder) !== SYNC_STATUS) return;
    events.push(`sync-status: ${decoding.readVarInt(message.decoder) === 1 ? "applied" : "refused"}`);
  });
  provider.attach();
  return {
    doc,
    events,
    provider,
    close: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}
