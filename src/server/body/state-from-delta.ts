import * as Y from "yjs";
import { BODY_YTEXT } from "@/shared/editor-rules";
import type { DeriveOptions, DerivedDocument } from "./derive-document";
import { deriveDocument } from "./derive-document";
import type { BodyOp } from "./sanitize-delta";
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
export async function stateFromDelta(input: unknown, options: DeriveOptions = {}): Promise<StateFromDelta> {
  const { delta } = sanitizeDelta(input);
  const doc = new Y.Doc({ gc: true });
  try {
    doc.getText(BODY_YTEXT).applyDelta(joinPlainText(delta.ops));
    const derived = await deriveDocument(doc, options);
    return { ydoc: Y.encodeStateAsUpdate(doc), ...derived };
  } finally {
    doc.destroy();
  }
}

/**
 * The ops with neighbouring unformatted texts joined: the Y.Text Yjs builds from them is the same,
 * byte for byte (state-from-delta.test.ts). Yjs merges such neighbours itself when the transaction
 * ends, but each merge splices the client's array of items, so a body of thousands of formatted
 * words, each with plain text on both sides, cost time growing with the square of its length
 * (4 s for 30,000 links). Formatted neighbours are never merged by Yjs (format items sit between
 * them), so they are left as they are.
 */
export function joinPlainText(ops: readonly BodyOp[]): BodyOp[] {
  const joined: BodyOp[] = [];
  for (const op of ops) {
    const last = joined.at(-1);
    if (last && !last.attributes && !op.attributes && typeof last.insert === "string" && typeof op.insert === "string") {
      joined[joined.length - 1] = { insert: last.insert + op.insert };
    } else {
      joined.push(op);
    }
  }
  return joined;
}
