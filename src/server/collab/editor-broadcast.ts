import type { Hocuspocus } from "@hocuspocus/server";
import IORedis from "ioredis";
import { collabDocumentName } from "@/shared/protocol/document-name";
import type { EditorBroadcasts } from "@/server/services/documents/internal/editor-broadcasts";
import { provideEditorBroadcasts } from "@/server/services/documents/internal/editor-broadcasts";

/** The Redis channel instances tell each other about messages for open editors on: `{documentId, payload}` as JSON. */
export const EDITOR_BROADCAST_CHANNEL = "quire:editor-broadcast";

/**
 * Sends a stateless message on a document's open connections (comments changed, title changed).
 * Alone, to this instance's connections. With Redis, through a channel of our own that every
 * instance (this one included) listens on and relays locally: Hocuspocus's Redis extension does
 * forward `broadcastStateless`, but only from an instance that has the document loaded, and the
 * request that made the change may reach one where nobody has it open.
 * Returns what to run when the collaboration server stops.
 */
export function provideCollabEditorBroadcasts(hocuspocus: Hocuspocus, redisUrl?: string): () => Promise<void> {
  const relay = (documentId: string, payload: string) => {
    hocuspocus.documents.get(collabDocumentName(documentId))?.relayStateless(payload);
  };
  if (!redisUrl) {
    provideEditorBroadcasts({ send: relay });
    return async () => {};
  }
  const pub = new IORedis(redisUrl, { maxRetriesPerRequest: null });
  const sub = new IORedis(redisUrl, { maxRetriesPerRequest: null });
  void sub.subscribe(EDITOR_BROADCAST_CHANNEL).catch((error: unknown) => console.error("collab: could not subscribe to Redis for editor messages", error));
  sub.on("message", (channel: string, message: string) => {
    if (channel !== EDITOR_BROADCAST_CHANNEL) return;
    const parsed = parseRelayed(message);
    if (parsed) relay(parsed.documentId, parsed.payload);
  });
  const broadcasts: EditorBroadcasts = {
    send(documentId, payload) {
      // On failure this instance still tells its own editors; the others see it on their next load.
      pub.publish(EDITOR_BROADCAST_CHANNEL, JSON.stringify({ documentId, payload })).catch((error: unknown) => {
        console.error(`collab: could not publish a message for document ${documentId} to Redis`, error);
        relay(documentId, payload);
      });
    },
  };
  provideEditorBroadcasts(broadcasts);
  return async () => {
    pub.disconnect(false);
    sub.disconnect(false);
  };
}

function parseRelayed(message: string): { documentId: string; payload: string } | null {
  try {
    const parsed = JSON.parse(message) as { documentId?: unknown; payload?: unknown };
    return typeof parsed.documentId === "string" && typeof parsed.payload === "string" ? { documentId: parsed.documentId, payload: parsed.payload } : null;
  } catch {
    return null; // not from this version of Quire
  }
}
