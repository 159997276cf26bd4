import fs from "node:fs";
import path from "node:path";
import Delta from "quill-delta";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { BODY_YTEXT, MAX_BODY_CHARS } from "@/shared/editor-rules";
import { FIXTURES_DIR } from "@test/fixtures";
import { randomDelta, seededRandom } from "@test/random-delta";
import { BodyGuard } from "./body-guard";
import { isPlainEdit } from "./plain-edit";

// QUIRE_XSS_FULL=1: 2,000 random edits instead of 600, and every payload of the XSS corpus
// instead of every third (the default run keeps the unit suite within CI's time on a slow machine).
const FULL = process.env.QUIRE_XSS_FULL === "1";
const RANDOM_EDITS = FULL ? 2_000 : 600;

/** A server document with its guard, and clients synced to it that edit and send their updates. */
function room(initial: string, clients = 1, maxBodyChars = MAX_BODY_CHARS) {
  const server = new Y.Doc();
  server.getText(BODY_YTEXT).insert(0, initial);
  const guard = new BodyGuard(server, { maxBodyChars });
  const docs = Array.from({ length: clients }, () => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(server));
    return doc;
  });
  /** The update `change` makes on client `index`. */
  const edit = (index: number, change: (body: Y.Text, doc: Y.Doc) => void): Uint8Array => {
    const doc = docs[index]!;
    const before = Y.encodeStateVector(doc);
    change(doc.getText(BODY_YTEXT), doc);
    return Y.encodeStateAsUpdate(doc, before);
  };
  /** Applies what the guard lets through to the server, then brings every client up to date. */
  const deliver = (update: Uint8Array, verdict = guard.check(update)) => {
    if (verdict.kind === "replace") Y.applyUpdate(server, verdict.update);
    if (verdict.kind !== "refuse") Y.applyUpdate(server, update);
    for (const doc of docs) Y.applyUpdate(doc, Y.encodeStateAsUpdate(server, Y.encodeStateVector(doc)));
    return verdict;
  };
  /**
   * Delivers `update` as the server would; when it is plain, first asserts the full check
   * accepts it unchanged (the property the fast path rests on). True when it was plain.
   */
  const deliverJudgedBothWays = (update: Uint8Array): boolean => {
    if (!isPlainEdit(server, update, maxBodyChars)) {
      deliver(update);
      return false;
    }
    expect(guard.checkInFull(update)).toEqual({ kind: "accept" });
    deliver(update, { kind: "accept" });
    return true;
  };
  return { server, guard, edit, deliver, deliverJudgedBothWays, maxBodyChars };
}

describe("isPlainEdit", () => {
  it("takes a keystroke, a formatted word, an embed and a format change as plain", () => {
    const { server, edit, deliver, maxBodyChars } = room("Hello\n");
    const updates = [
      edit(0, (body) => body.insert(5, "!")),
      edit(0, (body) => body.insert(6, " world", { bold: true, link: "https://example.com" })),
      edit(0, (body) => body.insertEmbed(0, { image: "https://example.com/a.png" })),
      edit(0, (body) => body.format(0, 3, { italic: true })),
    ];
    for (const update of updates) {
      expect(isPlainEdit(server, update, maxBodyChars)).toBe(true);
      expect(deliver(update)).toEqual({ kind: "accept" });
    }
    const deletion = edit(0, (body) => body.delete(0, 2)); // a deletion alone: nothing new to judge
    expect(isPlainEdit(server, deletion, maxBodyChars)).toBe(true);
    expect(deliver(deletion)).toEqual({ kind: "accept" });
    expect(new Delta(server.getText(BODY_YTEXT).toDelta()).ops[0]).toEqual({ insert: "e", attributes: { italic: true } });
  });

  it("leaves to the full check what it cannot judge alone", () => {
    const { server, edit, maxBodyChars } = room("Hello\n", 1, 10);
    const notPlain = (update: Uint8Array) => expect(isPlainEdit(server, update, maxBodyChars)).toBe(false);
    notPlain(edit(0, (body) => body.insert(0, "x", { link: "javascript:alert(1)" }))); // unsafe: repaired
    notPlain(edit(0, (body) => body.insert(0, "<img src=x onerror=alert(1)>\u0000"))); // a control character: repaired
    notPlain(edit(0, (_body, doc) => doc.getText("title").insert(0, "x"))); // another root
    notPlain(edit(0, (_body, doc) => doc.getMap("meta").set("a", "b")));
    notPlain(edit(0, (body) => body.insertEmbed(0, new Y.Map()))); // a nested type
    notPlain(edit(0, (body) => body.insert(0, "long enough to pass ten"))); // over the limit
    notPlain(new Uint8Array([1, 2, 3])); // not an update
  });

  it("refuses an update with a gap, one the document partly knows, and one next to unknown items", () => {
    const { server, edit, deliver, maxBodyChars } = room("Hello\n");
    const first = edit(0, (body) => body.insert(0, "a"));
    const second = edit(0, (body) => body.insert(1, "b"));
    expect(isPlainEdit(server, second, maxBodyChars)).toBe(false); // its neighbour "a" has not arrived
    deliver(first);
    expect(isPlainEdit(server, first, maxBodyChars)).toBe(false); // already known
    expect(isPlainEdit(server, Y.mergeUpdates([first, second]), maxBodyChars)).toBe(false); // partly known
    expect(isPlainEdit(server, second, maxBodyChars)).toBe(true);
  });

  it("is never plain while the document holds structs waiting for a missing one", () => {
    const { server, edit, maxBodyChars } = room("Hello\n", 2);
    edit(0, (body) => body.insert(0, "a"));
    const waiting = edit(0, (body) => body.insert(1, "b"));
    Y.applyUpdate(server, waiting); // held back: its neighbour "a" is missing
    expect(server.store.pendingStructs).not.toBeNull();
    expect(isPlainEdit(server, edit(1, (body) => body.insert(0, "c")), maxBodyChars)).toBe(false);
  });

  // The property the fast path rests on: whatever it takes as plain, the full check accepts
  // unchanged. Random edits from three clients that sync through the server, with every format,
  // embed, hostile link and image the random deltas hold, near and past a small body limit.
  it(`on ${RANDOM_EDITS} random edits, takes nothing as plain that the full check would repair or refuse`, () => {
    const random = seededRandom(20261126);
    // Starting at two thirds of the limit, the run reaches and passes it within the default count.
    const { server, edit, deliverJudgedBothWays } = room(`${"Hello world ".repeat(110)}\n`, 3, 2_000);
    let plain = 0;
    for (let step = 0; step < RANDOM_EDITS; step += 1) {
      const client = Math.floor(random() * 3);
      const update = edit(client, (body) => {
        const at = Math.floor(random() * (body.length + 1));
        const roll = random();
        if (roll < 0.45) {
          for (const op of randomDelta(random, 1).ops.slice(0, 2)) {
            if (typeof op.insert === "string") body.insert(at, op.insert, op.attributes ?? {});
            else body.insertEmbed(at, op.insert as object, op.attributes ?? {});
          }
        } else if (roll < 0.65) {
          const attributes = randomDelta(random, 1).ops.find((op) => op.attributes)?.attributes ?? { bold: true };
          body.format(Math.min(at, body.length - 1), 1 + Math.floor(random() * 5), attributes);
        } else if (roll < 0.8 || body.length > 1_500) {
          // Deleting more as the body nears the limit keeps most edits under it, and some past it.
          body.delete(Math.min(at, body.length - 1), 1 + Math.floor(random() * (body.length > 1_500 ? 400 : 3)));
        } else {
          body.insert(at, String.fromCharCode(32 + Math.floor(random() * 95)));
        }
      });
      if (deliverJudgedBothWays(update)) plain += 1;
    }
    // Most random edits are plain, so the fast path was tested, not skipped.
    expect(plain).toBeGreaterThan(RANDOM_EDITS * 0.4);
    expect(server.getText(BODY_YTEXT).length).toBeLessThanOrEqual(2_000 + 50);
  }, 120_000); // 2,000 edits judged both ways: 27 s on a slow shared machine

  it("takes no XSS corpus payload as plain that the full check would change, as text, link, image or formula", () => {
    let current: ReturnType<typeof room> | undefined;
    const payloads = fs.readFileSync(path.join(FIXTURES_DIR, "xss/xss-payload-list.txt"), "utf8").split("\n").filter(Boolean);
    let plain = 0;
    for (const [index, payload] of payloads.entries()) {
      if (!FULL && index % 3 !== 0) continue;
      // A fresh document now and then: a repair rewrites the whole body, so a long one slows the run.
      if (index % 50 === 0) current = room("Hello\n");
      const { edit, deliverJudgedBothWays } = current!;
      const updates = [
        edit(0, (body) => body.insert(0, payload)),
        edit(0, (body) => body.insert(0, "x", { link: payload })),
        edit(0, (body) => body.insertEmbed(0, { image: payload }, { alt: payload })),
        edit(0, (body) => body.insertEmbed(0, { formula: payload })),
        edit(0, (body) => body.format(0, 1, { color: payload, header: payload })),
      ];
      for (const update of updates) {
        if (deliverJudgedBothWays(update)) plain += 1;
      }
    }
    expect(plain).toBeGreaterThan(0);
  }, 120_000);
});
