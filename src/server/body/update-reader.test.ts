import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { randomDelta, seededRandom } from "@test/random-delta";
import { countUpdateParts, updateClients, UpdateReader } from "./update-reader";

const TRACES = path.resolve(import.meta.dirname, "../../../test/fixtures/editing-traces/sequential_traces");

/** Updates holding every kind of struct and content Yjs writes, each with deletions. */
function everyKind(): Array<[string, Uint8Array]> {
  const updates: Array<[string, Uint8Array]> = [];
  const add = (label: string, change: (doc: Y.Doc) => void, gc = true) => {
    const doc = new Y.Doc({ gc });
    change(doc);
    updates.push([label, Y.encodeStateAsUpdate(doc)]);
  };
  add("text with formats, embeds and deletions", (doc) => {
    const body = doc.getText("body");
    body.insert(0, "Hello wörld 👋 with ");
    body.insert(5, " bold", { bold: true, link: "https://example.com" });
    body.insertEmbed(3, { image: "https://example.com/x.png" }, { width: "20" });
    body.delete(1, 2);
    body.format(0, 4, { italic: true });
  });
  add("arrays of JSON-like values, binary and nested types", (doc) => {
    const array = doc.getArray<unknown>("array");
    array.insert(0, [1, "two", { three: [3] }, null, true, new Uint8Array([1, 2, 3])]);
    array.push([new Y.Map(), new Y.Array(), new Y.Text("nested")]);
    array.delete(1, 2);
  });
  add("map keys (parentSub) and their overwrites", (doc) => {
    const map = doc.getMap("map");
    map.set("a", 1);
    map.set("a", "again");
    map.set("b", new Y.Map([["inner", "value"]]));
  });
  add("XML elements, hooks, fragments and text", (doc) => {
    const fragment = doc.getXmlFragment("xml");
    const element = new Y.XmlElement("p");
    element.setAttribute("class", "x");
    element.insert(0, [new Y.XmlText("hi")]);
    fragment.insert(0, [element, new Y.XmlText("tail")]);
    doc.getArray("hooks").insert(0, [new Y.XmlHook("hook")]);
  });
  add("a subdocument", (doc) => doc.getMap("docs").set("sub", new Y.Doc({ guid: "sub-guid", meta: { title: "x" } })));
  add("garbage-collected children of a deleted nested type", (doc) => {
    const array = doc.getArray<Y.Array<number>>("array");
    const inner = new Y.Array<number>();
    array.insert(0, [inner]);
    inner.insert(0, [1, 2, 3]);
    array.delete(0, 1);
  });
  add("deleted text kept without garbage collection", (doc) => {
    doc.getText("body").insert(0, "abcdef");
    doc.getText("body").delete(1, 3);
  }, false);
  // Two updates of one client with a gap between them merge into one holding a Skip struct.
  const doc = new Y.Doc();
  const body = doc.getText("body");
  body.insert(0, "a");
  const first = Y.encodeStateAsUpdate(doc);
  body.insert(1, "b");
  const atTwo = Y.encodeStateVector(doc);
  body.insert(0, "c");
  updates.push(["a skip where two updates of one client leave a gap", Y.mergeUpdates([first, Y.encodeStateAsUpdate(doc, atTwo)])]);
  updates.push(["legacy JSON content", legacyJsonUpdate()]);
  return updates;
}

// Yjs no longer writes ContentJSON (arrays get ContentAny), but still reads it: an update holding
// one, written by Yjs's own struct writer.
function legacyJsonUpdate(): Uint8Array {
  const doc = new Y.Doc();
  const item = new Y.Item(Y.createID(7, 0), null, null, null, null, doc.getArray("legacy"), null, new Y.ContentJSON([1, "two", { three: 3 }]));
  const encoder = new Y.UpdateEncoderV1();
  encoding.writeVarUint(encoder.restEncoder, 1); // clients
  encoding.writeVarUint(encoder.restEncoder, 1); // structs
  encoder.writeClient(7);
  encoding.writeVarUint(encoder.restEncoder, 0); // clock
  item.write(encoder, 0);
  encoding.writeVarUint(encoder.restEncoder, 0); // an empty delete set
  return encoder.toUint8Array();
}

/** Several documents' states: real people's editing traces, and random formatted bodies edited by several clients. */
function realistic(): Array<[string, Uint8Array]> {
  const updates: Array<[string, Uint8Array]> = [];
  for (const file of ["automerge-paper.json.gz", "sveltecomponent.json.gz"]) {
    const trace = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(TRACES, file))).toString()) as { txns: Array<{ patches: Array<[number, number, string]> }> };
    const doc = new Y.Doc();
    const body = doc.getText("body");
    for (const { patches } of trace.txns.slice(0, 20_000)) {
      doc.transact(() => {
        for (const [position, deleted, inserted] of patches) {
          if (deleted) body.delete(position, deleted);
          if (inserted) body.insert(position, inserted);
        }
      });
    }
    updates.push([file, Y.encodeStateAsUpdate(doc)]);
  }
  const random = seededRandom(7);
  const server = new Y.Doc();
  for (let round = 0; round < 6; round += 1) {
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    const before = Y.encodeStateVector(client);
    const body = client.getText("body");
    body.applyDelta(randomDelta(random, 20).ops);
    if (body.length > 10) body.delete(Math.floor(random() * (body.length - 5)), 3);
    const update = Y.encodeStateAsUpdate(client, before);
    updates.push([`random formatted edit ${round}`, update]);
    Y.applyUpdate(server, update);
  }
  updates.push(["several clients' random edits", Y.encodeStateAsUpdate(server)]);
  return updates;
}

const ALL = [...everyKind(), ...realistic()];

/** What Yjs itself reads from an update: each struct's fields, and the number of delete ranges. */
function decodedByYjs(update: Uint8Array) {
  const { structs, ds } = Y.decodeUpdate(update);
  let ranges = 0;
  for (const items of ds.clients.values()) ranges += items.length;
  return {
    structs: structs.map((struct) => {
      const item = struct instanceof Y.Item ? struct : null;
      const parent = item?.parent as unknown; // a decoded struct names its parent by key or id
      return {
        client: struct.id.client,
        clock: struct.id.clock,
        length: struct.length,
        isItem: item !== null,
        origin: item?.origin ?? null,
        rightOrigin: item?.rightOrigin ?? null,
        parentKey: typeof parent === "string" ? parent : null,
        parentId: parent instanceof Y.ID ? parent : null,
        parentSub: item?.parentSub ?? null,
        content: contentOf(item),
      };
    }),
    ranges,
  };
}

function contentOf(item: Y.Item | null) {
  const content = item?.content;
  if (content instanceof Y.ContentString) return { kind: "string", str: content.str };
  if (content instanceof Y.ContentFormat) return { kind: "format", key: content.key, value: content.value as unknown };
  if (content instanceof Y.ContentEmbed) return { kind: "embed", embed: content.embed as unknown };
  return { kind: "other" };
}

it("reads fixtures holding every kind of struct and content", () => {
  const kinds = new Set(ALL.flatMap(([, update]) => Y.decodeUpdate(update).structs.map((s) => (s instanceof Y.Item ? s.content.constructor.name : s.constructor.name))));
  expect([...kinds].sort()).toEqual(
    ["ContentAny", "ContentBinary", "ContentDeleted", "ContentDoc", "ContentEmbed", "ContentFormat", "ContentJSON", "ContentString", "ContentType", "GC", "Skip"].sort(),
  );
});

describe("countUpdateParts", () => {
  it.each(ALL)("counts the structs and delete ranges Yjs reads, and the clients it writes for: %s", (_label, update) => {
    const { structs, ranges } = decodedByYjs(update);
    expect(countUpdateParts(update)).toEqual({ structs: structs.length, deleteRanges: ranges });
    expect(updateClients(update)).toEqual(new Set(Y.parseUpdateMeta(update).to.keys()));
  });

  it("stops counting once past the limit, reading only the headers it needs", () => {
    // One client claiming ten million structs, and none of them there: Yjs cannot even decode it.
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 1);
    encoding.writeVarUint(encoder, 10_000_000);
    encoding.writeVarUint(encoder, 42);
    encoding.writeVarUint(encoder, 0);
    const claimed = encoding.toUint8Array(encoder);
    expect(() => Y.decodeUpdate(claimed)).toThrow();
    expect(countUpdateParts(claimed, 200_000).structs).toBeGreaterThan(200_000);
    expect(() => countUpdateParts(claimed)).toThrow();
  });

  it("is exact up to the limit, over many clients and in the delete set", () => {
    const server = new Y.Doc();
    server.getText("body").insert(0, "x".repeat(100));
    const updates = [Y.encodeStateAsUpdate(server)];
    for (let c = 0; c < 20; c += 1) {
      const client = new Y.Doc();
      Y.applyUpdate(client, updates[0]!);
      for (let i = 0; i < 10; i += 1) client.getText("body").insert(0, "y");
      for (let i = 0; i < 5; i += 1) client.getText("body").delete(20 + i * 3, 1);
      updates.push(Y.encodeStateAsUpdate(client, Y.encodeStateVector(server)));
    }
    const merged = Y.mergeUpdates(updates.slice(1));
    const { structs, ranges } = decodedByYjs(merged);
    expect(ranges).toBeGreaterThan(0);
    const exact = structs.length + ranges;
    expect(countUpdateParts(merged, exact)).toEqual({ structs: structs.length, deleteRanges: ranges });
    const over = countUpdateParts(merged, exact - 1);
    expect(over.structs + over.deleteRanges).toBeGreaterThan(exact - 1);
    const overInStructs = countUpdateParts(merged, structs.length - 1);
    expect(overInStructs.structs).toBeGreaterThan(structs.length - 1);
  });

  it.each([
    ["truncated", (update: Uint8Array) => update.slice(0, update.length - 3)],
    ["an unknown content ref", (update: Uint8Array) => Uint8Array.from(update, (byte, i) => (i === firstInfoByte(update) ? 0b00011111 : byte))],
  ])("throws on bytes that are not an update (%s), as Yjs does", (_label, spoil) => {
    const doc = new Y.Doc();
    doc.getText("body").insert(0, "hello");
    const spoilt = spoil(Y.encodeStateAsUpdate(doc));
    expect(() => Y.decodeUpdate(spoilt)).toThrow();
    expect(() => countUpdateParts(spoilt)).toThrow();
  });

  it("throws on a delete set no Yjs writes: a client twice, or ranges that overlap", () => {
    const deleteSet = (entries: Array<[number, Array<[number, number]>]>) => {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, 0); // no structs
      encoding.writeVarUint(encoder, entries.length);
      for (const [client, ranges] of entries) {
        encoding.writeVarUint(encoder, client);
        encoding.writeVarUint(encoder, ranges.length);
        for (const [clock, length] of ranges) {
          encoding.writeVarUint(encoder, clock);
          encoding.writeVarUint(encoder, length);
        }
      }
      return encoding.toUint8Array(encoder);
    };
    expect(countUpdateParts(deleteSet([[1, [[0, 5], [5, 2], [9, 1]]], [2, [[0, 1]]]]))).toEqual({ structs: 0, deleteRanges: 4 });
    // The same range a thousand times would walk the structs it covers a thousand times.
    expect(() => countUpdateParts(deleteSet([[1, Array.from({ length: 1000 }, (): [number, number] => [0, 100])]]))).toThrow(/overlap/);
    expect(() => countUpdateParts(deleteSet([[1, [[5, 2]]], [1, [[0, 1]]]]))).toThrow(/twice/);
  });
});

describe("UpdateReader", () => {
  it.each(ALL)("reads each struct as Yjs does: %s", (_label, update) => {
    const expected = decodedByYjs(update);
    const reader = new UpdateReader(update);
    const structs = [];
    for (const struct of reader.structs()) structs.push({ ...struct });
    expect(structs).toEqual(expected.structs);
    expect(reader.readDeleteSet()).toBe(expected.ranges);
  });

  it("refuses to read the delete set before the structs", () => {
    const doc = new Y.Doc();
    doc.getText("body").insert(0, "hello");
    expect(() => new UpdateReader(Y.encodeStateAsUpdate(doc)).readDeleteSet()).toThrow();
  });
});

// Where the first struct's info byte sits: after the counts of clients and structs, the client and the clock.
function firstInfoByte(update: Uint8Array): number {
  const decoder = decoding.createDecoder(update);
  for (let i = 0; i < 4; i += 1) decoding.readVarUint(decoder);
  return decoder.pos;
}
