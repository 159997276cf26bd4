import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { StoredDelta } from "../../db/schema";
import { documents } from "../../db/schema";

export interface DocumentState {
  /** Y.encodeStateAsUpdate of the whole document. */
  ydoc: Uint8Array;
  /** Derived from ydoc: the body as a delta, as plain text (the database derives the search vector from it), and rendered to sanitised HTML. */
  content: StoredDelta;
  text: string;
  html: string;
  updatedBy: string | null;
}

/**
 * Stores a document's Yjs state with everything derived from it, in one statement, so
 * the snapshot and its derivations never disagree.
 */
export async function storeDocumentState(db: Db, documentId: string, state: DocumentState): Promise<void> {
  await db
    .update(documents)
    .set({
      ydoc: state.ydoc,
      content: state.content,
      text: state.text,
      html: state.html,
      updatedBy: state.updatedBy,
    })
    .where(eq(documents.id, documentId));
}
