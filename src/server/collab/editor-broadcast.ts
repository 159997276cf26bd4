import type { Hocuspocus } from "@hocuspocus/server";
import IORedis from "ioredis";
import { COMMENTS_CHANGED_MESSAGE } from "@/shared/comments/comment-rules";
import { collabDocumentName } from "@/shared/protocol/document-name";
import type { CommentBroadcasts } from "@/server/services/comments/internal/comment-broadcasts";
import { provideCommentBroadcasts } from "@/server/services/comments/internal/comment-broadcasts";

/** The Redis channel instances tell each other about comment changes on (its messages are document ids). */
export const COMMENTS_CHANNEL = "quire:comments-changed";

/**
 * Sends "comments changed" on a document's open connections, as a Hocuspocus stateless message.
 * Alone, to this instance's connections. With Redis, through a channel of our own that every
 * instance (this one included) listens on and relays locally: Hocuspocus's Redis extension does
 * forward `broadcastStateless`, but only from an instance that has the document loaded, and the
 * request that changed a comment may reach one where nobody has it open.
 * Returns what to run when the collaboration server stops.
 */
export function provideCollabCommentBroadcasts(hocuspocus: Hocuspocus, redisUrl?: string): () => Promise<void> {
  const relay = (documentId: string) => {
    hocuspocus.documents.get(collabDocumentName(documentId))?.relayStateless(COMMENTS_CHANGED_MESSAGE);
  };
  if (!redisUrl) {
    provideCommentBroadcasts({ announce: relay });
    return async () => {};
  }
  const pub = new IORedis(redisUrl, { maxRetriesPerRequest: null });
  const sub = new IORedis(redisUrl, { maxRetriesPerRequest: null });
  void sub.subscribe(COMMENTS_CHANNEL).catch((error: unknown) => console.error("comments: could not subscribe to Redis", error));
  sub.on("message", (channel: string, documentId: string) => {
    if (channel === COMMENTS_CHANNEL) relay(documentId);
  });
  const broadcasts: CommentBroadcasts = {
    announce(documentId) {
      // On failure this instance still tells its own editors; the others see it on their next load.
      pub.publish(COMMENTS_CHANNEL, documentId).catch((error: unknown) => {
        console.error(`comments: could not publish a change of document ${documentId} to Redis`, error);
        relay(documentId);
      });
    },
  };
  provideCommentBroadcasts(broadcasts);
  return async () => {
    pub.disconnect(false);
    sub.disconnect(false);
  };
}
