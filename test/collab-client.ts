import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import WebSocket from "ws";
import * as decoding from "lib0/decoding";
import * as Y from "yjs";
import { collabDocumentName } from "@/shared/protocol/document-name";

// Hocuspocus's MessageType.SyncStatus.
const SYNC_STATUS = 8;

/** A Node Yjs client on /collab — a "crafted client" that skips the editor's checks. */
export function connectCollab(port: number, documentId: string, headers: Record<string, string>) {
  class HeaderWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
      // Closing a socket that is still connecting makes ws emit "error"; with no listener that
      // is an uncaught exception. The provider reports what matters through its own events.
      this.on("error", () => undefined);
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
    onClose: ({ event }) => events.push(`closed: ${event.code}${event.reason ? ` ${event.reason}` : ""}`),
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

/** Inserts `word` and a space at a random word boundary of `body`, so words stay whole and countable. */
export function insertWordAtRandomBoundary(body: Y.Text, word: string): void {
  const text = body.toString();
  const boundaries = [0, ...[...text].flatMap((char, i) => (char === " " ? [i + 1] : []))];
  body.insert(boundaries[Math.floor(Math.random() * boundaries.length)] ?? 0, `${word} `);
}

/** The words of `expected` missing from `body`. */
export function missingWords(body: Y.Text | string, expected: string[]): string[] {
  const words = new Set(body.toString().trim().split(/\s+/));
  return expected.filter((word) => !words.has(word));
}
