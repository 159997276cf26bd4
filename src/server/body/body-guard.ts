import Delta from "quill-delta";
import * as Y from "yjs";
import type { RefusedUpdateReason, UpdateAdjustedReason } from "@/shared/protocol/close-codes";
import { BODY_YTEXT, MAX_BODY_CHARS, MAX_DOCUMENT_BYTES, MAX_VALUE_BYTES } from "@/shared/editor-rules";
import { diffDocuments } from "@/shared/bounded-diff";
import { itemsSince, judgeContent, judgeUpdate, rootOf } from "./body-items";
import { ByteBound, largestValueBytes } from "./byte-bound";
import { ItemBound } from "./item-bound";
import { countNewDeletions } from "./new-deletions";
import { isPlainEdit } from "./plain-edit";
import { sanitizeDelta } from "./sanitize-delta";
import { countUpdateParts, updateClients, UpdateReader } from "./update-reader";

/** What to do with one incoming update. */
export type GuardVerdict =
  | { kind: "accept" }
  /** Apply `update` instead: the incoming one with unsafe values replaced or an over-long edit dropped. */
  | { kind: "replace"; update: Uint8Array; reasons: UpdateAdjustedReason[] }
  /**
   * Refuse it whole: it is malformed or not a Quill body (nested types, other roots, …:
   * `invalid_update`), or past the size limits (`update_too_large`, `value_too_large`, `document_too_large`).
   */
  | { kind: "refuse"; reason: RefusedUpdateReason; problem: string };

export interface BodyGuardOptions {
  /** Body length (Quill's count: characters, embeds as 1) past which growth is refused. */
  maxBodyChars?: number;
  /** Items (Yjs structs) plus new deletion ranges one update may carry (`countUpdateParts`); more is refused unapplied. */
  maxUpdateItems?: number;
  /** Items (Yjs structs, deleted ones included) the document may hold; an update that could take it past is refused unapplied. */
  maxDocumentItems?: number;
  /** Bytes of content (text in UTF-8, values as JSON) the document may hold; an update that could take it past is refused unapplied. */
  maxDocumentBytes?: number;
  /** JSON bytes one embed or format value may take (an image's data: address); an update holding a larger one is refused unapplied. */
  maxValueBytes?: number;
  /** Structs the document may hold back waiting for changes it lacks (Yjs's pendingStructs); `maxUpdateItems` unless set. */
  maxPendingItems?: number;
  /** Delete ranges the document may hold back waiting for changes it lacks (Yjs's pendingDs). */
  maxPendingDeletions?: number;
  /** Root types a client may write besides the body. None today: the body is all a document holds. */
  extraRoots?: readonly string[];
}

const GUARD_ORIGIN = Symbol("body-guard");

/** Default `maxUpdateItems`: 2.5 times the largest update the editor was seen to send (docs/architecture.md "Collaboration"). */
export const MAX_UPDATE_ITEMS = 200_000;
/** Default `maxDocumentItems`: about twice the items of a 1,000,000-character body pasted with every word formatted differently. */
export const MAX_DOCUMENT_ITEMS = 1_000_000;
/**
 * Default `maxPendingDeletions`. Yjs reads every waiting delete range again at every update the
 * document takes (readUpdateV2), so this is a cost on each keystroke: 9,900 waiting took one from
 * 0.25 to 0.8 ms here (docs/architecture.md "Update size").
 * An honest editor's deletions wait only in the moment after a server lost its last seconds of
 * changes (until the editor's sync step 2 brings them back), and deleting a run of one person's
 * text is one range however long: tens at most, far below.
 */
export const MAX_PENDING_DELETIONS = 10_000;

/**
 * Checks updates to one document before they reach it. An update past the size limits is refused
 * from its headers, before anything reads it further (`checkSize`). A plain edit (a keystroke's shape,
 * `plain-edit.ts`) is judged from its own structs. Anything else is applied to a shadow copy of
 * the document first, and only the items it added there are judged (so an edit costs an edit, not
 * a document). The shadow follows every change the document emits, in one transaction when it is
 * next needed; a refused update leaves it ahead of the document, so it is then rebuilt.
 */
export class BodyGuard {
  private shadow: Y.Doc | null = null;
  /** The document's updates the shadow has not applied yet (`follow`), oldest first. */
  private behind: Uint8Array[] = [];
  private readonly maxBodyChars: number;
  private readonly maxUpdateItems: number;
  private readonly maxPendingItems: number;
  private readonly maxPendingDeletions: number;
  private readonly items: ItemBound;
  private readonly bytes: ByteBound;
  private readonly maxValueBytes: number;
  /** The clients and struct count of the shadow's pending structs, as last read (they change only when merged). */
  private pendingRead: { update: Uint8Array; clients: Set<number>; structs: number } | null = null;
  private readonly roots: ReadonlySet<string>;

  constructor(private readonly document: Y.Doc, options: BodyGuardOptions = {}) {
    this.maxBodyChars = options.maxBodyChars ?? MAX_BODY_CHARS;
    this.maxUpdateItems = options.maxUpdateItems ?? MAX_UPDATE_ITEMS;
    this.maxPendingItems = options.maxPendingItems ?? this.maxUpdateItems;
    this.maxPendingDeletions = options.maxPendingDeletions ?? MAX_PENDING_DELETIONS;
    this.items = new ItemBound(document, options.maxDocumentItems ?? MAX_DOCUMENT_ITEMS);
    this.bytes = new ByteBound(document, options.maxDocumentBytes ?? MAX_DOCUMENT_BYTES);
    this.maxValueBytes = options.maxValueBytes ?? MAX_VALUE_BYTES;
    this.roots = new Set([BODY_YTEXT, ...(options.extraRoots ?? [])]);
    document.on("update", this.follow);
    document.on("destroy", () => this.discardShadow());
  }

  /** Judges `update` (Yjs v1 encoding) against the document as it will be when it is applied. */
  check(update: Uint8Array): GuardVerdict {
    const oversize = this.checkSize(update);
    if (oversize) return oversize;
    if (isPlainEdit(this.document, update, this.maxBodyChars)) return { kind: "accept" };
    return this.checkInFull(update);
  }

  /**
   * The refusal of an update past the size limits (or that does not decode), null when it is
   * within them: counted from its headers, nothing applied, the shadow untouched. Applying an
   * update, and judging it before, costs microseconds per item on the server's one thread however
   * small the item, so an update's cost is its items, not its bytes.
   */
  checkSize(update: Uint8Array): Extract<GuardVerdict, { kind: "refuse" }> | null {
    const max = this.maxUpdateItems;
    try {
      const { structs, deleteRanges } = countUpdateParts(update, max);
      if (structs > max) return tooLarge(`more than ${max} items in one update`);
      if (structs + deleteRanges > max) {
        // A sync step 2 repeats the document's whole delete set, long applied: only new deletions
        // count. No Yjs writes more ranges than its document has items (allowing twice, for splits).
        const fresh = countNewDeletions(this.document, update, max - structs, 2 * (this.items.count() + structs) + max);
        if (structs + fresh > max) return tooLarge(`more than ${max} items and new deletions in one update`);
      }
      // Only new items make the document hold more (a deletion splits two at most).
      if (structs > 0 && !this.items.hasRoomFor(structs)) {
        return { kind: "refuse", reason: "document_too_large", problem: `${structs} more items would take the document past ${this.items.limit}` };
      }
      // Bytes: no value can be larger than the update holding it, so a keystroke is never read for
      // this. Items are the cost of applying; bytes are the cost of holding, storing (three times:
      // state, delta, HTML) and serving: QA fourth sweep #2's 15 MB data: images, one an update.
      if (update.length > this.maxValueBytes) {
        const largest = largestValueBytes(update);
        if (largest > this.maxValueBytes) return { kind: "refuse", reason: "value_too_large", problem: `a value of ${largest} bytes (at most ${this.maxValueBytes})` };
      }
      if (structs > 0 && !this.bytes.hasRoomFor(update)) {
        return { kind: "refuse", reason: "document_too_large", problem: `its content would take the document past ${this.bytes.limit} bytes` };
      }
      return null;
    } catch (error) {
      return { kind: "refuse", reason: "invalid_update", problem: `malformed update (${error instanceof Error ? error.message : "unknown error"})` };
    }
  }

  /** The full check, whatever the update's shape: applied to the shadow, what it added judged there. */
  checkInFull(update: Uint8Array): GuardVerdict {
    const shadow = this.getShadow();
    const body = shadow.getText(BODY_YTEXT);
    const lengthBefore = body.length;
    const pendingBefore = shadow.store.pendingStructs?.update;
    const pendingDsBefore = shadow.store.pendingDs;
    let before: Map<number, number>;
    let waitingBefore = 0;
    try {
      // Only the clients this update writes for, and those with structs waiting for it, can gain
      // items: reading just their clocks keeps a check's cost independent of how many people
      // have ever edited the document (a full state vector made it grow with every typist).
      const clients = updateClients(update);
      if (pendingBefore) {
        const waiting = this.readPending(pendingBefore);
        for (const client of waiting.clients) clients.add(client);
        waitingBefore = waiting.structs;
      }
      before = clocksOf(shadow, clients);
      Y.applyUpdate(shadow, update, GUARD_ORIGIN);
    } catch (error) {
      this.discardShadow();
      return { kind: "refuse", reason: "invalid_update", problem: `malformed update (${error instanceof Error ? error.message : "unknown error"})` };
    }
    const overdue = this.checkPending(shadow, update, waitingBefore, pendingDsBefore);
    if (overdue) return this.refuse(overdue);

    const unsafe: Y.Item[] = [];
    for (const item of itemsSince(shadow, before)) {
      if (item.deleted) continue; // collected: its content is already gone from the store
      const root = rootOf(item);
      if (!root.name || !this.roots.has(root.name)) return this.refuse(`writes to root "${root.name ?? "?"}"`);
      if (root.name !== BODY_YTEXT) continue;
      if (!root.isDirectChild) return this.refuse("nests a type inside the body");
      const verdict = judgeContent(item.content);
      if (verdict === "foreign") return this.refuse(`puts ${item.content.constructor.name} in the body`);
      if (verdict === "unsafe") unsafe.push(item);
    }
    // Structs waiting for a missing dependency are stored as they are; their parent is unknown,
    // so they must be safe by content alone.
    const pending = shadow.store.pendingStructs?.update;
    if (pending && pending !== pendingBefore && judgeUpdate(pending, "v2") !== "ok") return this.refuse("unsafe pending structs");

    const isTooLong = body.length > this.maxBodyChars && body.length > lengthBefore;
    if (unsafe.length === 0 && !isTooLong) return { kind: "accept" };
    return this.repair(shadow, withOtherClients(shadow, before), unsafe, isTooLong);
  }

  // Rewrites the shadow so the update's effect is safe, and returns the update that says so.
  private repair(shadow: Y.Doc, before: Map<number, number>, unsafe: Y.Item[], isTooLong: boolean): GuardVerdict {
    const body = shadow.getText(BODY_YTEXT);
    shadow.transact((transaction) => {
      // docs/product.md "Validation": an edit past the limit is refused and the text before it kept, so
      // everything this update added to the body goes; its deletions cannot be undone.
      if (isTooLong) {
        const since = before;
        // Yjs merges a client's consecutive typing into one item, so the update's first item may
        // also hold older text: split it where the update starts, so only the new part goes.
        for (const [client, structs] of shadow.store.clients) {
          const clock = since.get(client) ?? 0;
          const last = structs.at(-1);
          if (clock > 0 && last && last.id.clock + last.length > clock) Y.getItemCleanStart(transaction, Y.createID(client, clock));
        }
        for (const item of itemsSince(shadow, since)) {
          if (!item.deleted && item.parent === body) item.delete(transaction);
        }
      }
      // The body as the editor rules make it, then the unsafe items deleted (so their values are
      // garbage-collected, never stored or sent), then the difference written back with safe values.
      const target = new Delta(sanitizeDelta({ ops: body.toDelta() }).delta.ops);
      for (const item of unsafe) if (!item.deleted) item.delete(transaction);
      const change = diffDocuments(new Delta(body.toDelta()), target);
      if (change.ops.length > 0) body.applyDelta(change.ops);
    }, GUARD_ORIGIN);
    const update = Y.encodeStateAsUpdate(shadow, Y.encodeStateVector(before));
    // The repaired update must pass the same item rules on its own; if not, refuse rather than send it.
    if (judgeUpdate(update, "v1") === "unsafe") return this.refuse("could not be repaired");
    const reasons: UpdateAdjustedReason[] = [];
    if (unsafe.length > 0) reasons.push("unsafe_content");
    if (isTooLong) reasons.push("body_too_long");
    return { kind: "replace", update, reasons };
  }

  /**
   * Why the shadow now holds too much back, or null. Structs past a gap in their client's clocks,
   * or next to items the document lacks, and deletions of clocks it lacks, are not integrated:
   * Yjs keeps them (pendingStructs, pendingDs), merges each later such update into them, stores
   * them with the state (Y.encodeStateAsUpdate writes them) and integrates them all at once when
   * what they wait for arrives. Unbounded, one editor sending updates with a gap grew them past the
   * update and document limits, and the waiting delete ranges, read again at every update, made
   * everyone's keystrokes slower with each message (docs/architecture.md "Update size"). Only an
   * update that adds to them is refused: what waits for others' writes (another instance's,
   * through Redis), or is merged again when an honest update lets part of it in, never shuts a
   * client out.
   */
  private checkPending(shadow: Y.Doc, update: Uint8Array, structsBefore: number, dsBefore: Uint8Array | null): string | null {
    const pending = shadow.store.pendingStructs?.update;
    if (pending) {
      const { structs } = this.readPending(pending);
      if (structs > this.maxPendingItems && structs > structsBefore && holdsBackSome(shadow, update)) {
        return `${structs} items would wait for changes the document lacks (at most ${this.maxPendingItems})`;
      }
    }
    const ds = shadow.store.pendingDs;
    // Yjs writes each waiting range in two bytes at least (DSEncoderV2), so a short set is within
    // the bound uncounted: a keystroke costs nothing more.
    if (ds && ds.length > 2 * this.maxPendingDeletions) {
      const ranges = countRanges(ds);
      if (ranges > this.maxPendingDeletions && ranges > (dsBefore ? countRanges(dsBefore) : 0)) {
        return `${ranges} deletions would wait for changes the document lacks (at most ${this.maxPendingDeletions})`;
      }
    }
    return null;
  }

  // Pending structs are read once each time Yjs merges them, not at every check that meets them.
  private readPending(update: Uint8Array): { clients: Set<number>; structs: number } {
    if (this.pendingRead?.update !== update) {
      const { structs } = Y.decodeUpdateV2(update);
      this.pendingRead = { update, clients: new Set(structs.map((struct) => struct.id.client)), structs: structs.length };
    }
    return this.pendingRead;
  }

  private refuse(problem: string): GuardVerdict {
    this.discardShadow(); // it holds the refused update, which the document never will
    return { kind: "refuse", reason: "invalid_update", problem };
  }

  private getShadow(): Y.Doc {
    if (!this.shadow) {
      this.shadow = new Y.Doc({ gc: true });
      Y.applyUpdate(this.shadow, Y.encodeStateAsUpdate(this.document));
    } else {
      this.catchUp(this.shadow);
    }
    return this.shadow;
  }

  // Yjs takes a full state vector (one entry per client that ever wrote) at each end of a
  // transaction, so the document's updates since the shadow was last needed go in as one.
  // Those the shadow already holds (edits it judged) change nothing and are skipped.
  private catchUp(shadow: Y.Doc): void {
    const updates = this.behind;
    if (updates.length === 0) return;
    this.behind = [];
    shadow.transact(() => {
      for (const update of updates) if (!holdsUpdate(shadow, update)) Y.applyUpdate(shadow, update);
    });
  }

  private discardShadow(): void {
    this.shadow?.destroy();
    this.shadow = null;
    this.behind = [];
    this.pendingRead = null;
  }

  // Plain edits never reach the shadow, so it lags the document between full checks; the
  // updates it lacks wait here (at most FOLLOW_BATCH of them, so a document typed in for hours
  // without a full check holds no more than that).
  private readonly follow = (update: Uint8Array): void => {
    this.items.grew(update);
    this.bytes.grew(update);
    if (!this.shadow) return;
    this.behind.push(update);
    if (this.behind.length >= FOLLOW_BATCH) this.catchUp(this.shadow);
  };
}

/** How many of the document's updates the shadow may lag behind before it catches up at once. */
const FOLLOW_BATCH = 256;

/**
 * True when applying `update` (Yjs v1) to `doc` would change nothing: `doc` already has every
 * struct in it, and it deletes nothing (deletions are not checked against `doc`: applied then).
 */
export function holdsUpdate(doc: Y.Doc, update: Uint8Array): boolean {
  const reader = new UpdateReader(update);
  for (const struct of reader.structs()) {
    if (struct.clock + struct.length > Y.getState(doc.store, struct.client)) return false;
  }
  return reader.readDeleteSet() === 0;
}

/**
 * Whether `doc` holds back any of `update`'s structs: Yjs integrates a client's structs in clock
 * order and holds back from the first it can't, so exactly when the client's clock in `doc` stays
 * short of a struct's end.
 */
function holdsBackSome(doc: Y.Doc, update: Uint8Array): boolean {
  for (const struct of new UpdateReader(update).structs()) {
    if (Y.getState(doc.store, struct.client) < struct.clock + struct.length) return true;
  }
  return false;
}

/** The delete ranges of a Yjs v2 update. */
function countRanges(update: Uint8Array): number {
  let ranges = 0;
  for (const deletions of Y.decodeUpdateV2(update).ds.clients.values()) ranges += deletions.length;
  return ranges;
}

function clocksOf(doc: Y.Doc, clients: Set<number>): Map<number, number> {
  return new Map([...clients].map((client) => [client, Y.getState(doc.store, client)]));
}

/** A full state vector: `clocks` for the clients it names, the current clock for every other. */
function withOtherClients(doc: Y.Doc, clocks: Map<number, number>): Map<number, number> {
  const full = new Map<number, number>();
  for (const client of doc.store.clients.keys()) full.set(client, clocks.get(client) ?? Y.getState(doc.store, client));
  return full;
}

function tooLarge(problem: string): Extract<GuardVerdict, { kind: "refuse" }> {
  return { kind: "refuse", reason: "update_too_large", problem };
}
