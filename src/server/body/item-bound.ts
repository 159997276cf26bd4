import type * as Y from "yjs";

/**
 * An upper bound on the items a document holds, kept without counting them at every update:
 * counting reads one array per client that ever wrote to it (20 µs at 2,000 of them, as much as
 * checking a keystroke). Counted when first asked, then raised by each change's size in bytes —
 * each item or deletion range takes at least two bytes and adds at most two items (a new one
 * and a split), so a change adds no more items than it has bytes — and counted again only when
 * an update would not fit under it.
 */
export class ItemBound {
  private bound: number | null = null;

  constructor(
    private readonly document: Y.Doc,
    readonly limit: number,
  ) {}

  /** Whether the document has room for `parts` more items. */
  hasRoomFor(parts: number): boolean {
    this.bound ??= countItems(this.document);
    if (this.bound + parts <= this.limit) return true;
    this.bound = countItems(this.document);
    return this.bound + parts <= this.limit;
  }

  /** The document's items now, counted. */
  count(): number {
    this.bound = countItems(this.document);
    return this.bound;
  }

  /** Takes in a change the document emitted. */
  grew(update: Uint8Array): void {
    if (this.bound !== null) this.bound += update.length;
  }
}

function countItems(doc: Y.Doc): number {
  let items = 0;
  for (const structs of doc.store.clients.values()) items += structs.length;
  return items;
}
