import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { randomDelta, seededRandom } from "@test/random-delta";
import { sanitizeDelta } from "./sanitize-delta";
import { joinPlainText, stateFromDelta } from "./state-from-delta";

/** The Yjs update of a fresh document (client 1) after `ops` are applied to its body. */
function stateOf(ops: unknown[]): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = 1;
  doc.getText(BODY_YTEXT).applyDelta(ops);
  return Y.encodeStateAsUpdate(doc);
}

describe("stateFromDelta", () => {
  it("builds, byte for byte, the Yjs state the sanitised ops give as they are, its neighbouring plain texts joined first", () => {
    let joined = 0;
    for (let seed = 0; seed < 500; seed += 1) {
      const { delta } = sanitizeDelta(randomDelta(seededRandom(seed), 1 + (seed % 12)));
      const fewer = joinPlainText(delta.ops);
      if (fewer.length < delta.ops.length) joined += 1;
      expect({ seed, state: stateOf(fewer) }).toEqual({ seed, state: stateOf(delta.ops) });
    }
    expect(joined).toBeGreaterThan(100);
  });

  it("keeps formatted neighbours apart, as Yjs does (format items stand between them)", () => {
    const ops = [{ insert: "a", attributes: { bold: true } }, { insert: "b", attributes: { bold: true } }, { insert: "c" }, { insert: "d" }];
    expect(joinPlainText(ops)).toEqual([{ insert: "a", attributes: { bold: true } }, { insert: "b", attributes: { bold: true } }, { insert: "cd" }]);
  });

  it("stores a body of thousands of formatted runs whole", async () => {
    const ops = Array.from({ length: 4_000 }, (_, i) => [{ insert: "ab " }, { insert: `w${i}`, attributes: { bold: true } }, { insert: " " }]).flat();
    const built = await stateFromDelta({ ops: [...ops, { insert: "\n" }] });
    const doc = new Y.Doc();
    Y.applyUpdate(doc, built.ydoc);
    expect(built.text).toBe(`${ops.map((op) => op.insert).join("")}\n`);
    expect(doc.getText(BODY_YTEXT).toString()).toBe(built.text);
    expect(built.content.ops.filter((op) => op.attributes?.bold)).toHaveLength(4_000);
    expect(built.html.match(/<strong>/g)).toHaveLength(4_000);
  });
});
