import type { Extension, onLoadDocumentPayload, onStoreDocumentPayload } from "@hocuspocus/server";
import * as Y from "yjs";
import { documentIdFromCollabName } from "../../shared/collab/document-name";
import type { Db } from "../db/client";
import { DeriveOffThread } from "../documents/derive-off-thread";
import { loadDocumentState } from "../services/documents/load-document-state";
import { storeDocumentState } from "../services/documents/store-document-state";
import type { CollabContext } from "./auth-extension";

/**
 * Loads a document's Yjs state from the database and stores it back (Hocuspocus
 * debounces stores to one per 2 s of typing, and stores at once when the last client
 * leaves and on shutdown). The only save path for document bodies.
 */
export class PersistenceExtension implements Extension {
  private readonly renderer = new DeriveOffThread();

  constructor(private readonly getDb: () => Promise<Db>) {}

  async onDestroy(): Promise<void> {
    await this.renderer.close();
  }

  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    const documentId = documentIdFromCollabName(documentName);
    if (!documentId) return;
    const state = await loadDocumentState(await this.getDb(), documentId);
    if (state) Y.applyUpdate(document, state);
  }

  async onStoreDocument({ documentName, document, lastContext }: onStoreDocumentPayload): Promise<void> {
    const documentId = documentIdFromCollabName(documentName);
    if (!documentId) return;
    const ydoc = Y.encodeStateAsUpdate(document);
    // Rendering runs on a worker thread: a large body takes about a second, which on this
    // thread would hold up every keystroke relayed meanwhile.
    const derived = await this.renderer.derive(ydoc.slice());
    const actor = (lastContext as Partial<CollabContext> | undefined)?.actor;
    await storeDocumentState(await this.getDb(), documentId, {
      ydoc,
      ...derived,
      updatedBy: actor?.id ?? null,
    });
  }
}
