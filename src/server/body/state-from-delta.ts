import * as Y from "yjs";
import { BODY_YTEXT } from "@/shared/editor-rules";
import type { DerivedDocument } from "./derive-document";
import { deriveDocument } from "./derive-document";
import { sanitizeDelta } from "./sanitize-delta";

/** A new document's Yjs state and derived columns, built from a delta. */
export interface StateFromDelta extends DerivedDocument {
  ydoc: Uint8Array;
}

/**
 * Builds the Yjs state a brand-new document starts with from any delta (import, the API's
 * create with a body, workspace restore). The delta is sanitised by the editor's rules first,
 * so what is stored is what the editor could have produced. Only for documents nobody has
 * open: a live document's body changes through the collaboration server.
 */
export async function stateFromDelta(input: unknown): Promise<StateFromDelta> {
  const { delta } = sanitizeDelta(input);
  const doc = new Y.Doc({ gc: true });
  try {
    doc.getText(BODY_YTEXT).applyDelta(delta.ops);
    const derived = await deriveDocument(doc);
    return { ydoc: Y.encodeStateAsUpdate(doc), ...derived };
  } finally {
    doc.destroy();
  }
}
