import type { HocuspocusProvider } from "@hocuspocus/provider";
import type * as Y from "yjs";

/** A document's live Y.Doc and provider in this tab. */
export interface CollabSession {
  doc: Y.Doc;
  provider: HocuspocusProvider;
}

interface Entry {
  session: Promise<CollabSession>;
  users: number;
  destroyTimer?: ReturnType<typeof setTimeout>;
}

// Renaming a document changes its URL segment, and Next remounts the page under a new
// segment. Destroying the provider then would drop edits it had not sent yet, so a released
// session lingers for a while and the remounted page picks up the same Y.Doc and socket.
const LINGER_MS = 10_000;
const sessions = new Map<string, Entry>();

/** The session for `documentId`, created on first use; call the returned release when done. */
export function acquireCollabSession(
  documentId: string,
  create: () => Promise<CollabSession>,
): { session: Promise<CollabSession>; release: () => void } {
  let entry = sessions.get(documentId);
  if (!entry) {
    entry = { session: create(), users: 0 };
    sessions.set(documentId, entry);
  }
  clearTimeout(entry.destroyTimer);
  entry.users += 1;
  const current = entry;
  let isReleased = false;
  return {
    session: current.session,
    release: () => {
      if (isReleased) return;
      isReleased = true;
      current.users -= 1;
      if (current.users > 0) return;
      current.destroyTimer = setTimeout(() => {
        if (sessions.get(documentId) !== current || current.users > 0) return;
        sessions.delete(documentId);
        void current.session.then(({ doc, provider }) => {
          provider.destroy();
          doc.destroy();
        });
      }, LINGER_MS);
    },
  };
}
