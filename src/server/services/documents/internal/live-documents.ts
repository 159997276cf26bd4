import type * as Y from "yjs";
import type { Actor } from "@/server/context";
import type { Db } from "@/server/db/client";
import { peekProcessSingleton, processSingleton } from "@/server/process-singleton";

/** Who a server-side change to a live document is made for: counted as its writer and updater when stored. */
export interface LiveChangeContext {
  actor: Actor;
  documentId: string;
}

/** An open server-side connection to a live document. */
export interface LiveDocument {
  /** The live Yjs document: read it freely; change it only inside `transact`. */
  doc: Y.Doc;
  /** Applies `change` as one Yjs transaction, sent at once to every connected editor. */
  transact(change: (doc: Y.Doc) => void): Promise<void>;
}

/**
 * The port through which use cases reach documents that people may have open: the
 * collaboration server implements it (collab/live-document.ts) and provides it at start, so
 * services never import collab/. A change made through it reaches connected editors at once,
 * merges with their edits and is stored through the one save path.
 */
export interface LiveDocuments {
  /** Runs `work` on the live document of `context.documentId`; its changes are stored when this resolves. */
  open<T>(db: Db, context: LiveChangeContext, work: (live: LiveDocument) => Promise<T>): Promise<T>;
  /** The live Yjs document of `documentId` if this process has it loaded (the freshest body). */
  peek(documentId: string): Y.Doc | undefined;
}

const KEY = "live-documents";

/** Makes `implementation` the process's live documents (a process singleton: Next's route bundles find it too). */
export function provideLiveDocuments(implementation: LiveDocuments): void {
  processSingleton<{ implementation: LiveDocuments }>(KEY, () => ({ implementation })).implementation = implementation;
}

/**
 * The process's live documents.
 * @throws Error when nothing provided them (a process that never loaded the collaboration server)
 */
export function liveDocuments(): LiveDocuments {
  const provided = peekProcessSingleton<{ implementation: LiveDocuments }>(KEY);
  if (!provided) throw new Error("No collaboration server provides live documents in this process (see collab/live-document.ts).");
  return provided.implementation;
}
