import type { Extension, onLoadDocumentPayload, onStoreDocumentPayload } from "@hocuspocus/server";
import * as Y from "yjs";
import { documentIdFromCollabName } from "../../shared/collab/document-name";
import type { Db } from "../db/client";
import { deriveDocument } from "../documents/derive-document";
import { loadDocumentState } from "../services/documents/load-document-state";
import { storeDocumentState } from "../services/documents/store-document-state";
import type { CollabContext } from "./auth-extension";

/**
 * Loads a document's Yjs state from the database and stores it back (Hocuspocus
 * debounces stores to one per 2 s of typing, and stores at once when the last client
 * leaves and on shutdown). The only save path for document bodies.
 */
export class PersistenceExtension implements Extension {
  constructor(private readonly getDb: () => Promise<Db>) {}

  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    const documentId = documentIdFromCollabName(documentName);
    if (!documentId) return;
    const state = await loadDocumentState(await this.getDb(), documentId);
    if (state) Y.applyUpdate(document, state);
  }

  async onStoreDocument({ documentName, document, lastContext }: onStoreDocumentPayload): Promise<void> {
    const documentId = documentIdFromCollabName(documentName);
    if (!documentId) return;
    const derived = await deriveDocument(document);
    const actor = (lastContext as Partial<CollabContext> | undefined)?.actor;
    await storeDocumentState(await this.getDb(), documentId, {
      ydoc: Y.encodeStateAsUpdate(document),
      ...derived,
      updatedBy: actor?.id ?? null,
    });
  }
}
