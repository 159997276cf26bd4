import type { Hocuspocus } from "@hocuspocus/server";
import { Hocuspocus as HocuspocusServer } from "@hocuspocus/server";
import { collabDocumentName } from "@/shared/protocol/document-name";
import { clearProcessSingleton, peekProcessSingleton, processSingleton } from "@/server/process-singleton";
import type { LiveDocuments } from "@/server/services/documents/internal/live-documents";
import { provideLiveDocuments } from "@/server/services/documents/internal/live-documents";
import { PersistenceExtension } from "./persistence-extension";

// Route handlers and server actions run in the same process as server.ts's collaboration
// server but load their own copy of our modules, so the instance is found through globalThis.
const KEY = "collab-server";

/** Makes `hocuspocus` the process's collaboration server, the one services change live documents through. */
export function registerCollabServer(hocuspocus: Hocuspocus): void {
  clearProcessSingleton(KEY);
  processSingleton(KEY, () => hocuspocus);
  provideCollabLiveDocuments();
}

/** Forgets `hocuspocus` as the process's collaboration server (it is shutting down). */
export function forgetCollabServer(hocuspocus: Hocuspocus): void {
  if (peekProcessSingleton<Hocuspocus>(KEY) === hocuspocus) clearProcessSingleton(KEY);
}

/** The process's running collaboration server, if it has one. */
export function runningCollabServer(): Hocuspocus | undefined {
  return peekProcessSingleton<Hocuspocus>(KEY);
}

/**
 * The live documents of this process, through its collaboration server: a change made with
 * `transact` reaches connected editors at once, merges with their concurrent edits, and is
 * stored by the persistence extension as the context's actor's (with Redis, it is relayed to
 * other instances too). In a process without a running collaboration server (scripts, unit
 * tests) a private Hocuspocus with the persistence extension alone does the same against the
 * given database: nobody can have the document open in this process, and the change still
 * takes the one save path.
 */
export const collabLiveDocuments: LiveDocuments = {
  async open(db, context, work) {
    const running = runningCollabServer();
    const instance = running ?? new HocuspocusServer({ quiet: true, extensions: [new PersistenceExtension(async () => db)] });
    try {
      const connection = await instance.openDirectConnection(collabDocumentName(context.documentId), { ...context, sessionId: null });
      try {
        const doc = connection.document;
        if (!doc) throw new Error("the direct connection closed before it was used");
        return await work({ doc, transact: (change) => connection.transact(change) });
      } finally {
        await connection.disconnect();
      }
    } finally {
      if (!running) await instance.hooks("onDestroy", { instance });
    }
  },
  peek(documentId) {
    return runningCollabServer()?.documents.get(collabDocumentName(documentId));
  },
};

/** Provides collabLiveDocuments as the process's live documents (the services' port). */
export function provideCollabLiveDocuments(): void {
  provideLiveDocuments(collabLiveDocuments);
}
