import { peekProcessSingleton, processSingleton } from "@/server/process-singleton";

/**
 * The port through which comment use cases tell open editors that a document's comments
 * changed: the collaboration server provides it (collab/comment-broadcast.ts), sending a
 * stateless nudge on the document's connections on every instance. Without one (unit tests,
 * scripts) nobody has the document open in this process, and nothing is sent.
 */
export interface CommentBroadcasts {
  announce(documentId: string): void;
}

const KEY = "comment-broadcasts";

/** Makes `implementation` the process's comment broadcasts (a process singleton: Next's route bundles find it too). */
export function provideCommentBroadcasts(implementation: CommentBroadcasts): void {
  processSingleton<{ implementation: CommentBroadcasts }>(KEY, () => ({ implementation })).implementation = implementation;
}

/** Tells the document's open editors to re-read its comments. Never throws: a lost nudge only delays an update. */
export function announceCommentsChanged(documentId: string): void {
  try {
    peekProcessSingleton<{ implementation: CommentBroadcasts }>(KEY)?.implementation.announce(documentId);
  } catch (error) {
    console.error(`comments: could not announce a change of document ${documentId}`, error);
  }
}
