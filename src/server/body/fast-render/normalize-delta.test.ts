import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { QuillHost } from "@/server/body/quill-host";
import { getQuillHost } from "@/server/body/quill-host";
import { normalizeDeltaFast } from "./normalize-delta";
import { FIXTURES_DIR } from "@test/fixtures";
import { randomDelta, seededRandom } from "@test/random-delta";

/**
 * Differential tests: the fast normaliser must give the delta the Quill host gives after
 * setContents + getContents, attributes in the same key order (that order decides the markup
 * Quill renders later), or decline (null). Ops are compared as { insert, attributes }: quill-delta
 * writes an op's own two keys in either order depending on how it was joined, and
 * sanitizeDelta rebuilds every op anyway. The bench's real documents: markdown-corpus-render.test.ts.
 */

// QUIRE_RENDER_DIFF_FULL=1: 10,000 random deltas instead of 300, and the whole XSS corpus.
const FULL = process.env.QUIRE_RENDER_DIFF_FULL === "1";
const TIMEOUT = FULL ? 3_600_000 : 120_000;
let host: QuillHost;

const canonical = (delta: { ops: readonly { insert?: unknown; attributes?: unknown }[] }) =>
  JSON.stringify(delta.ops.map((op) => ({ insert: op.insert, ...(op.attributes ? { attributes: op.attributes } : {}) })));

describe("normalizeDeltaFast against the Quill host", () => {
  beforeAll(async () => {
    host = await getQuillHost();
  });

  it("matches on seeded random deltas of every format, unsanitised as a paste gives them", () => {
    const count = FULL ? 10_000 : 300;
    let compared = 0;
    for (let seed = 0; seed < count; seed += 1) {
      const random = seededRandom(50_000 + seed);
      const delta = randomDelta(random, 1 + Math.floor(random() * 6));
      const fast = normalizeDeltaFast(delta);
      if (fast === null) continue;
      compared += 1;
      const quill = host.normalize(delta);
      if (canonical(fast) !== canonical(quill)) expect({ seed, fast: canonical(fast) }).toEqual({ seed, fast: canonical(quill) });
    }
    expect(compared).toBeGreaterThan(count * 0.6);
  }, TIMEOUT);

  it("matches on the XSS corpus pasted as HTML (an imported file's path)", () => {
    const corpus = fs.readFileSync(path.join(FIXTURES_DIR, "xss/xss-payload-list.txt"), "utf8").split("\n").filter((line) => line.length > 0);
    const payloads = FULL ? corpus : corpus.filter((_, index) => index % 12 === 0);
    let batches = 0;
    let compared = 0;
    for (let start = 0; start < payloads.length; start += 100) {
      batches += 1;
      // Each payload as a paragraph of its own, and inside a list item, a quote and a link.
      const html = payloads
        .slice(start, start + 100)
        .map((p) => `<p>${p}</p><ul><li>${p}</li></ul><blockquote>${p}</blockquote><p><a href="${p.replace(/"/g, "&quot;")}">x</a><strong>${p}</strong></p>`)
        .join("");
      const delta = host.clipboardDelta(html);
      const fast = normalizeDeltaFast(delta);
      if (fast === null) continue;
      compared += 1;
      expect(canonical(fast), `batch ${start}`).toBe(canonical(host.normalize(delta)));
    }
    expect(compared).toBeGreaterThan(batches / 2);
  }, TIMEOUT);

  it("reads an image without an address back as true, and joins equal neighbours", () => {
    const delta = { ops: [{ insert: { image: "ftp://x/y.png" } }, { insert: "a", attributes: { bold: true } }, { insert: "b", attributes: { bold: true } }, { insert: "\n" }] };
    expect(normalizeDeltaFast(delta)).toEqual(host.normalize(delta));
    expect(normalizeDeltaFast(delta)?.ops).toEqual([{ insert: { image: true } }, { insert: "ab", attributes: { bold: true } }, { insert: "\n" }]);
  });

  it("declines what it does not reproduce, which Quill then normalises", () => {
    expect(normalizeDeltaFast({ ops: [{ insert: "a", attributes: { color: "red" } }, { insert: "\n" }] })).toBeNull();
    expect(normalizeDeltaFast({ ops: [{ insert: "a", attributes: { bold: true } }, { insert: "\n", attributes: { "code-block": "plain" } }] })).toBeNull();
    expect(normalizeDeltaFast({ ops: [{ insert: "a", attributes: { direction: "rtl" } }, { insert: "\n" }] })).toBeNull();
    expect(normalizeDeltaFast({ ops: [{ insert: { video: "https://x" } }, { insert: "\n" }] })).toBeNull();
    expect(normalizeDeltaFast({ ops: [{ retain: 1 }] })).toBeNull();
  });
});
