import { peekProcessSingleton, processSingleton } from "@/server/process-singleton";

/**
 * The port through which use cases tell a document's open editors that something outside its
 * Y.Doc changed (its comments, its title): the collaboration server provides it
 * (collab/editor-broadcast.ts), sending a stateless message on the document's connections on
 * every instance. Without one (unit tests, scripts) nobody has the document open in this
 * process, and nothing is sent.
 */
export interface EditorBroadcasts {
  send(documentId: string, payload: string): void;
}

const KEY = "editor-broadcasts";

/** Makes `implementation` the process's editor broadcasts (a process singleton: Next's route bundles find it too). */
export function provideEditorBroadcasts(implementation: EditorBroadcasts): void {
  processSingleton<{ implementation: EditorBroadcasts }>(KEY, () => ({ implementation })).implementation = implementation;
}

/** Sends `payload` to the document's open editors. Never throws: a lost message only delays an update, which editors read again on reconnecting. */
export function broadcastToEditors(documentId: string, payload: string): void {
  try {
    peekProcessSingleton<{ implementation: EditorBroadcasts }>(KEY)?.implementation.send(documentId, payload);
  } catch (error) {
    console.error(`collab: could not tell the editors of document ${documentId}`, error);
  }
}
