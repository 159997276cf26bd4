import Delta from "quill-delta";
import { describe, expect, it } from "vitest";
import { randomDelta, seededRandom } from "@test/random-delta";
import { diffDocuments } from "./bounded-diff";
import { diffRevision } from "./revision-diff";

/** A page of `count` words drawn from a 3,000-word vocabulary, as QA's rewritten page (T13). */
function page(count: number, seed: number): string {
  const random = seededRandom(seed);
  const words: string[] = [];
  for (let i = 0; i < count; i += 1) words.push(`w${Math.floor(random() * 3000).toString(36)}`);
  return `${words.join(" ")}\n`;
}

describe("diffDocuments", () => {
  it("finds the change Delta's own diff finds, on random formatted documents with embeds", () => {
    const random = seededRandom(7);
    for (let round = 0; round < 100; round += 1) {
      const older = new Delta(randomDelta(random, 1 + Math.floor(random() * 6)).ops as Delta["ops"]);
      const newer = new Delta(randomDelta(random, 1 + Math.floor(random() * 6)).ops as Delta["ops"]);
      const change = diffDocuments(older, newer);
      // Composed onto nothing, a delta's neighbouring runs of the same formats merge: one shape for both sides.
      expect(older.compose(change)).toEqual(new Delta().compose(newer));
      // Same changed length as the minimal diff: the bound changes nothing for documents this size.
      expect(change.changeLength()).toBe(older.diff(newer).changeLength());
    }
  });

  it("keeps a one-word edit in a long page a one-word change", () => {
    const text = page(10_000, 1);
    const older = new Delta().insert(text);
    const at = text.indexOf(" ", 30_000);
    const newer = new Delta().insert(`${text.slice(0, at)} inserted${text.slice(at)}`);
    const change = diffDocuments(older, newer);
    expect(change.changeLength()).toBe(" inserted".length);
    expect(older.compose(change)).toEqual(newer);
  });

  it("compares two rewrites of a 20,000-word page, whose unbounded diff took minutes on the server's thread, into a correct change", { timeout: 60_000 }, () => {
    const older = new Delta().insert(page(20_000, 1), { bold: true });
    const newer = new Delta().insert(page(20_000, 2));
    expect(older.compose(diffDocuments(older, newer))).toEqual(newer);
  });
});

describe("diffRevision on a rewritten page", () => {
  it("answers with every word of both versions, deleted or inserted or kept", { timeout: 60_000 }, () => {
    const older = page(20_000, 3);
    const newer = page(20_000, 4);
    const diff = diffRevision({ ops: [{ insert: older }] }, { ops: [{ insert: newer }] });
    expect(diff.segments.filter((s) => s.kind !== "inserted").map((s) => s.text).join("")).toBe(older);
    expect(diff.segments.filter((s) => s.kind !== "deleted").map((s) => s.text).join("")).toBe(newer);
  });
});
