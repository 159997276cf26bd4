import * as Y from "yjs";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { judgeEmbed, judgeFormat, judgeString } from "./body-items";
import { UpdateReader } from "./update-reader";

/**
 * True when `update` (Yjs v1) is a plain edit of the body that the guard's full check would
 * accept as it is, decided from the update's own structs and the document, without applying it
 * anywhere. That is a keystroke's shape: new items, each safe by content (strings, formats,
 * embeds the sanitiser keeps as they are), placed directly in the body root, next to items the
 * document already holds or that come before them in the same update from the same client,
 * keeping the body within `maxBodyChars`. Anything else — a struct the document partly knows, a
 * gap, an unknown neighbour, a deletion of clocks the document lacks, structs the document holds back waiting for others, another root, a nested type, a map key, unsafe content, growth past
 * the limit, bytes that do not decode — answers false and takes the full check, which applies
 * the update to a shadow copy and judges what it added there.
 *
 * Why: that shadow copy costs a Yjs transaction per keystroke, and Yjs takes a full state vector
 * (one entry per client that ever wrote to the document) at each end of every transaction, so
 * with hundreds of typists on one document it was the largest cost left on the server after the
 * socket writes (docs/performance-notes.md, "Collaboration server").
 *
 * The answer only ever errs towards false: every update it accepts, the full check accepts too
 * (`plain-edit.test.ts` checks that on random edits and on the XSS corpus).
 */
export function isPlainEdit(document: Y.Doc, update: Uint8Array, maxBodyChars: number): boolean {
  const body = document.getText(BODY_YTEXT);
  const store = document.store;
  // Structs already waiting in the document would integrate with this update, unjudged here.
  if (store.pendingStructs !== null) return false;
  // The next clock each client's structs must start at: the document's, then each struct's end.
  const next = new Map<number, number>();
  let growth = 0;
  // Read one struct at a time rather than with Y.decodeUpdate, which builds them all first: on
  // a big update that array and the garbage collection it provoked cost as much as applying it.
  const reader = new UpdateReader(update);
  try {
    for (const struct of reader.structs()) {
      if (!struct.isItem) return false; // GC and Skip structs: not a keystroke's
      const { client, clock } = struct;
      const expected = next.get(client) ?? Y.getState(store, client);
      if (clock !== expected) return false;
      next.set(client, clock + struct.length);
      if (struct.parentSub !== null || struct.parentId !== null) return false;
      if (struct.origin === null && struct.rightOrigin === null) {
        if (struct.parentKey !== BODY_YTEXT) return false;
      } else if (!isBodyNeighbour(store, body, struct.origin, client, clock) || !isBodyNeighbour(store, body, struct.rightOrigin, client, clock)) {
        return false;
      }
      const content = struct.content;
      if (content.kind === "string") {
        if (judgeString(content.str) !== "ok") return false;
        growth += content.str.length;
      } else if (content.kind === "embed") {
        if (judgeEmbed(content.embed) !== "ok") return false;
        growth += 1;
      } else if (content.kind === "format") {
        if (judgeFormat(content.key, content.value) !== "ok") return false;
      } else {
        return false; // a deleted range (nothing to keep), nested types, JSON, binary, subdocuments
      }
    }
    // Read to its end, so bytes that do not decode answer false. A deletion of clocks the
    // document lacks would wait in it (Yjs's pendingDs), which only the full check bounds.
    let isWaiting = false;
    reader.readDeleteSet((client, clock, length) => {
      isWaiting = clock + length > (next.get(client) ?? Y.getState(store, client));
      return !isWaiting;
    });
    if (isWaiting) return false;
  } catch {
    return false;
  }
  return growth === 0 || body.length + growth <= maxBodyChars;
}

/**
 * True when `id` is absent or names a live body item: one the document holds directly in the
 * body, or an earlier struct of the same client in this update (which passed this check first).
 */
function isBodyNeighbour(store: Y.Doc["store"], body: Y.Text, id: Y.ID | null, client: number, clock: number): boolean {
  if (id === null) return true;
  if (id.client === client && id.clock < clock && id.clock >= Y.getState(store, client)) return true;
  const structs = store.clients.get(id.client);
  if (!structs || id.clock >= Y.getState(store, id.client)) return false;
  const neighbour = structs[Y.findIndexSS(structs, id.clock)];
  return neighbour instanceof Y.Item && neighbour.parent === body && neighbour.parentSub === null;
}
