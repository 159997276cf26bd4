import * as decoding from "lib0/decoding";
import * as Y from "yjs";

/**
 * Reading a Yjs update (v1 encoding, as y-protocols sends it) without applying it or building
 * Yjs's structs. `Y.decodeUpdate` builds every struct of an update into one array that lives until
 * it returns: about 3 µs a struct on the server once the garbage collection it provokes is
 * counted, as much as applying the update (QA third sweep #4: a 9.9 MB message of 900,000
 * one-character structs held the server for seconds in each). Here an update is counted from its
 * headers (`countUpdateParts`) or walked one struct at a time (`UpdateReader`), keeping nothing.
 *
 * The reads mirror Yjs's own (`lazyStructReaderGenerator`, `readItemContent` and `contentRefs`,
 * `readDeleteSet` in yjs/src, with `UpdateDecoderV1`'s encodings); `update-reader.test.ts` checks
 * both against `Y.decodeUpdate` for every kind of struct and content. Bytes that are not such an
 * update throw, as they would in Yjs.
 */

/** How many structs and delete ranges an update carries. */
export interface UpdateParts {
  /** Items, GC and skip ranges. */
  structs: number;
  /** Ranges of its delete set (each may split an item in two, or name deletions long applied). */
  deleteRanges: number;
}

/**
 * How many parts `update` carries. Applying an update costs a few microseconds per struct on the
 * server's one thread, whatever the struct holds, and each delete range can split an item in two;
 * bytes are no measure of that (a megabyte of text in one struct costs almost nothing). The format
 * states each client's number of structs before them, so the count adds a whole client at once
 * and stops as soon as the total passes `limit`: an update far past it costs a few bytes read, one
 * near it at most `limit` structs and ranges passed over (about 0.25 µs a struct, nothing
 * decoded). The counts are exact while their sum is within `limit`; past it, they only say so.
 * @throws Error when the bytes are not a v1 update, or its delete set is not in Yjs's order (`readDeleteSet`)
 */
export function countUpdateParts(update: Uint8Array, limit = Number.POSITIVE_INFINITY): UpdateParts {
  const decoder = decoding.createDecoder(update);
  let structs = 0;
  const isWithin = passStructs(decoder, (_client, count) => {
    structs += count;
    return structs <= limit;
  });
  if (!isWithin) return { structs, deleteRanges: 0 };
  let deleteRanges = 0;
  readDeleteSet(decoder, () => {
    deleteRanges += 1;
    return structs + deleteRanges <= limit;
  });
  return { structs, deleteRanges };
}

/**
 * The clients `update` writes structs for (as `Y.parseUpdateMeta(update).to.keys()`, without building them).
 * @throws Error when the bytes are not a v1 update
 */
export function updateClients(update: Uint8Array): Set<number> {
  const clients = new Set<number>();
  passStructs(decoding.createDecoder(update), (client, count) => {
    if (count > 0) clients.add(client);
    return true;
  });
  return clients;
}

/** A struct's content as the body rules judge it: text, a format marker, an embed, or anything else (GC, skip, deleted, nested types, JSON, binary, subdocuments). */
export type StructContent =
  | { kind: "string"; str: string }
  | { kind: "format"; key: string; value: unknown }
  | { kind: "embed"; embed: unknown }
  | { kind: "other" };

/** One struct of an update as read: its id, length, neighbours, parent and content. */
export interface ReadStruct {
  client: number;
  clock: number;
  /** How many clock ticks it spans (Yjs counts a string's UTF-16 code units). */
  length: number;
  /** False for a GC or skip range: the fields below are then null and content `other`. */
  isItem: boolean;
  origin: Y.ID | null;
  rightOrigin: Y.ID | null;
  /** The root type it is written into, when it names one (only an item without neighbours names its parent). */
  parentKey: string | null;
  /** The nested type it is written into, when it names one. */
  parentId: Y.ID | null;
  parentSub: string | null;
  content: StructContent;
}

/** Walks an update's structs in order, then its delete set; of contents, only text, formats and embeds are decoded. */
export class UpdateReader {
  private readonly decoder: decoding.Decoder;
  private isAtDeleteSet = false;

  constructor(update: Uint8Array) {
    this.decoder = decoding.createDecoder(update);
  }

  /**
   * Each struct in turn, as one object overwritten by the next (read its fields, keep none of it),
   * so walking an update allocates nothing per struct but its decoded values. Break out to stop.
   * @throws Error when the bytes are not a v1 update
   */
  *structs(): Generator<Readonly<ReadStruct>> {
    const decoder = this.decoder;
    const struct = newStruct();
    for (let clients = decoding.readVarUint(decoder); clients > 0; clients -= 1) {
      const structs = decoding.readVarUint(decoder);
      struct.client = decoding.readVarUint(decoder);
      let clock = decoding.readVarUint(decoder);
      for (let s = 0; s < structs; s += 1) {
        struct.clock = clock;
        readStruct(decoder, struct, true);
        yield struct;
        clock += struct.length;
      }
    }
    this.isAtDeleteSet = true;
  }

  /** Passes over every struct, decoding none; for reading the delete set after it. */
  skipStructs(): void {
    passStructs(this.decoder, () => true);
    this.isAtDeleteSet = true;
  }

  /**
   * Reads the delete set, once the structs have been read or passed over: calls `visit` with each
   * range in turn until it returns false. Returns how many ranges it read.
   * @throws Error when the bytes are not a v1 update, the delete set is not in Yjs's order, or the structs were not all read
   */
  readDeleteSet(visit: (client: number, clock: number, length: number) => boolean = () => true): number {
    if (!this.isAtDeleteSet) throw new Error("the structs were not all read");
    return readDeleteSet(this.decoder, visit);
  }
}

// Bits of a struct's info byte (yjs Item.write): the content ref in the low five, then
// parentSub, right origin and origin.
const CONTENT_REF_BITS = 0b11111;
const HAS_PARENT_SUB = 0b100000;
const HAS_RIGHT_ORIGIN = 0b1000000;
const HAS_ORIGIN = 0b10000000;
const SKIP_INFO = 10;
// Content refs (yjs contentRefs), and the type refs whose content names a node (typeRefs).
const CONTENT_DELETED = 1;
const CONTENT_JSON = 2;
const CONTENT_BINARY = 3;
const CONTENT_STRING = 4;
const CONTENT_EMBED = 5;
const CONTENT_FORMAT = 6;
const CONTENT_TYPE = 7;
const CONTENT_ANY = 8;
const CONTENT_DOC = 9;
const Y_XML_ELEMENT = 3;
const Y_XML_HOOK = 5;
const LAST_TYPE_REF = 6;

const OTHER: StructContent = { kind: "other" };

function newStruct(): ReadStruct {
  return { client: 0, clock: 0, length: 0, isItem: false, origin: null, rightOrigin: null, parentKey: null, parentId: null, parentSub: null, content: OTHER };
}

// Reads one struct into `into`. Without `decode`, text and JSON are passed over as bytes, never
// decoded (for counting: `length` and `content` then mean nothing).
function readStruct(decoder: decoding.Decoder, into: ReadStruct, decode: boolean): void {
  const info = decoding.readUint8(decoder);
  const ref = info & CONTENT_REF_BITS;
  into.origin = null;
  into.rightOrigin = null;
  into.parentKey = null;
  into.parentId = null;
  into.parentSub = null;
  into.content = OTHER;
  into.isItem = info !== SKIP_INFO && ref !== 0;
  if (!into.isItem) {
    into.length = decoding.readVarUint(decoder); // a skip or GC range
    return;
  }
  const id = decode ? readId : skipId;
  const string = decode ? decoding.readVarString : skipBytes;
  if (info & HAS_ORIGIN) into.origin = id(decoder);
  if (info & HAS_RIGHT_ORIGIN) into.rightOrigin = id(decoder);
  if ((info & (HAS_ORIGIN | HAS_RIGHT_ORIGIN)) === 0) {
    // Without neighbours the parent is written: a root type's name, or a nested type's id.
    if (decoding.readVarUint(decoder) === 1) into.parentKey = string(decoder);
    else into.parentId = id(decoder);
    if (info & HAS_PARENT_SUB) into.parentSub = string(decoder);
  }
  readContent(decoder, ref, into, decode);
}

function readContent(decoder: decoding.Decoder, ref: number, into: ReadStruct, decode: boolean): void {
  into.length = 1;
  switch (ref) {
    case CONTENT_DELETED:
      into.length = decoding.readVarUint(decoder);
      return;
    case CONTENT_JSON:
      into.length = decoding.readVarUint(decoder);
      for (let i = 0; i < into.length; i += 1) skipBytes(decoder); // each value JSON as a string
      return;
    case CONTENT_BINARY:
      skipBytes(decoder);
      return;
    case CONTENT_STRING:
      if (decode) {
        const str = decoding.readVarString(decoder);
        into.length = str.length;
        into.content = { kind: "string", str };
      } else {
        skipBytes(decoder);
      }
      return;
    case CONTENT_EMBED:
      if (decode) into.content = { kind: "embed", embed: readJson(decoder) };
      else skipBytes(decoder);
      return;
    case CONTENT_FORMAT:
      if (decode) {
        const key = decoding.readVarString(decoder);
        into.content = { kind: "format", key, value: readJson(decoder) };
      } else {
        skipBytes(decoder);
        skipBytes(decoder);
      }
      return;
    case CONTENT_TYPE: {
      const typeRef = decoding.readVarUint(decoder);
      if (typeRef > LAST_TYPE_REF) throw new Error(`unknown type ref ${typeRef}`);
      if (typeRef === Y_XML_ELEMENT || typeRef === Y_XML_HOOK) skipBytes(decoder); // the node's name
      return;
    }
    case CONTENT_ANY:
      into.length = decoding.readVarUint(decoder);
      for (let i = 0; i < into.length; i += 1) decoding.readAny(decoder);
      return;
    case CONTENT_DOC:
      skipBytes(decoder); // the subdocument's guid
      decoding.readAny(decoder); // its options
      return;
    default:
      throw new Error(`unknown content ref ${ref}`);
  }
}

// Passes over the structs, decoding none, telling `onClient` each client and its number of structs
// before them: it returns false to stop there (then so does this).
function passStructs(decoder: decoding.Decoder, onClient: (client: number, structs: number) => boolean): boolean {
  const scratch = newStruct();
  for (let clients = decoding.readVarUint(decoder); clients > 0; clients -= 1) {
    const structs = decoding.readVarUint(decoder);
    if (!onClient(decoding.readVarUint(decoder), structs)) return false;
    decoding.readVarUint(decoder); // the first struct's clock
    for (let s = 0; s < structs; s += 1) readStruct(decoder, scratch, false);
  }
  return true;
}

// Reads the delete set's ranges in order, calling `visit` with each until it returns false; returns
// how many it read. Every Yjs writes a client once, its ranges ascending and apart (`writeDeleteSet`
// after `sortAndMergeDeleteSet`, or from the store). Applying a range walks every struct it covers,
// so overlapping ranges would walk the same structs again and again (a few bytes each, a
// document's worth of structs each): such a delete set is refused.
function readDeleteSet(decoder: decoding.Decoder, visit: (client: number, clock: number, length: number) => boolean): number {
  const clients = decoding.readVarUint(decoder);
  const seen = clients > 1 ? new Set<number>() : null;
  let read = 0;
  for (let c = 0; c < clients; c += 1) {
    const client = decoding.readVarUint(decoder);
    if (seen?.has(client)) throw new Error("a delete set names a client twice");
    seen?.add(client);
    let end = 0;
    for (let ranges = decoding.readVarUint(decoder); ranges > 0; ranges -= 1) {
      const clock = decoding.readVarUint(decoder);
      const length = decoding.readVarUint(decoder);
      if (clock < end) throw new Error("a delete set's ranges overlap or are out of order");
      end = clock + length;
      read += 1;
      if (!visit(client, clock, length)) return read;
    }
  }
  return read;
}

function readId(decoder: decoding.Decoder): Y.ID {
  const client = decoding.readVarUint(decoder);
  return Y.createID(client, decoding.readVarUint(decoder));
}

// JSON values are written as strings (UpdateDecoderV1.readJSON).
function readJson(decoder: decoding.Decoder): unknown {
  return JSON.parse(decoding.readVarString(decoder)) as unknown;
}

function skipId(decoder: decoding.Decoder): null {
  decoding.readVarUint(decoder);
  decoding.readVarUint(decoder);
  return null;
}

// Strings and buffers are length-prefixed: passed over as a view of their bytes, never decoded.
function skipBytes(decoder: decoding.Decoder): null {
  decoding.readVarUint8Array(decoder);
  return null;
}
