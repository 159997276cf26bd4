import * as Y from "yjs";
import { UpdateReader } from "./update-reader";

/**
 * How many of `update`'s delete ranges delete something: an item `doc` holds and has not deleted
 * yet, or clocks it does not know (Yjs keeps those pending and tries them again at every update).
 * Stops once past `limit`; Infinity when the delete set has more than `maxRanges` ranges at all.
 *
 * Why: a client's sync step 2 carries its document's whole delete set (`Y.encodeStateAsUpdate`
 * writes every deletion ever made, whatever the state vector asks for), so a document with a long,
 * scattered deletion history would have every reconnecting client past a limit on ranges. Ranges
 * the document has applied cost a lookup each; only new ones split and delete items.
 * @throws Error when the bytes are not a v1 update, or its delete set is not in Yjs's order
 */
export function countNewDeletions(doc: Y.Doc, update: Uint8Array, limit: number, maxRanges: number): number {
  const reader = new UpdateReader(update);
  reader.skipStructs();
  let ranges = 0;
  let fresh = 0;
  reader.readDeleteSet((client, clock, length) => {
    ranges += 1;
    if (ranges > maxRanges) return false;
    if (deletesSomething(doc.store, client, clock, length)) fresh += 1;
    return fresh <= limit;
  });
  return ranges > maxRanges ? Number.POSITIVE_INFINITY : fresh;
}

// Ranges of one client arrive ascending and apart (the reader refuses others), so the structs
// these lookups walk add up to at most the client's structs in the document.
function deletesSomething(store: Y.Doc["store"], client: number, clock: number, length: number): boolean {
  const end = clock + length;
  if (end > Y.getState(store, client)) return true;
  const structs = store.clients.get(client);
  if (!structs) return true;
  for (let index = Y.findIndexSS(structs, clock); index < structs.length; index += 1) {
    const struct = structs[index];
    if (!struct || struct.id.clock >= end) break;
    if (!struct.deleted) return true;
  }
  return false;
}
