import type { Hocuspocus } from "@hocuspocus/server";
import { Hocuspocus as HocuspocusServer } from "@hocuspocus/server";
import type * as Y from "yjs";
import { collabDocumentName } from "@/shared/protocol/document-name";
import type { Db } from "@/server/db/client";
import { clearProcessSingleton, peekProcessSingleton, processSingleton } from "@/server/process-singleton";
import type { CollabContext } from "./auth-extension";
import { PersistenceExtension } from "./persistence-extension";

// Route handlers and server actions run in the same process as server.ts's collaboration
// server but load their own copy of our modules, so the instance is found through globalThis.
const KEY = "collab-server";

/** Makes `hocuspocus` the process's collaboration server, the one services change live documents through. */
export function registerCollabServer(hocuspocus: Hocuspocus): void {
  clearProcessSingleton(KEY);
  processSingleton(KEY, () => hocuspocus);
}

/** Forgets `hocuspocus` as the process's collaboration server (it is shutting down). */
export function forgetCollabServer(hocuspocus: Hocuspocus): void {
  if (peekProcessSingleton<Hocuspocus>(KEY) === hocuspocus) clearProcessSingleton(KEY);
}

/** The process's running collaboration server, if it has one. */
export function runningCollabServer(): Hocuspocus | undefined {
  return peekProcessSingleton<Hocuspocus>(KEY);
}

/** Who a server-side change is made for: counted as the writer and the updater when it is stored. */
export type LiveChangeContext = Pick<CollabContext, "actor" | "documentId">;

/** An open server-side connection to a live document. */
export interface LiveDocument {
  /** The live Yjs document: read it freely; change it only inside `transact`. */
  doc: Y.Doc;
  /** Applies `change` as one Yjs transaction, sent at once to every connected editor. */
  transact(change: (doc: Y.Doc) => void): Promise<void>;
}

/**
 * Opens the live Yjs document of `context.documentId` through the collaboration server and
 * runs `work` on it. A change made with `transact` reaches connected editors at once, merges
 * with their concurrent edits, and is stored by the persistence extension as `context.actor`'s
 * (with Redis, it is relayed to other instances too). The store has finished when this resolves.
 *
 * In a process without a collaboration server (scripts, unit tests) a private Hocuspocus with
 * the persistence extension alone does the same against `db`: nobody can have the document open
 * in this process, and the change still takes the one save path.
 */
export async function withLiveDocument<T>(db: Db, context: LiveChangeContext, work: (live: LiveDocument) => Promise<T>): Promise<T> {
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
}

/** Reads the live Yjs document of `documentId` if this process's collaboration server has it loaded. */
export function peekLiveDocument(documentId: string): Y.Doc | undefined {
  return runningCollabServer()?.documents.get(collabDocumentName(documentId));
}
