import fs from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, it } from "vitest";
import { FORMAT_RULES } from "@/server/body/editor-formats";
import { enforceHtmlAllowList } from "@/server/body/html-allow-list";
import { renderFormulas, renderWithQuill } from "@/server/body/render-delta-html";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { formulaValues, renderDeltaFast } from "./render-delta-fast";
import { FIXTURES_DIR } from "@test/fixtures";
import { randomDelta, seededRandom } from "@test/random-delta";

/**
 * Differential tests: the fast renderer must give byte for byte the markup of the Quill host
 * (Quill 2 under jsdom, then the allow-list and the serialise → parse check), or decline (null)
 * so the caller uses the host. The host's output is by construction a fixed point of the
 * allow-list (renderWithQuill returns only markup that re-parses unchanged with nothing to
 * remove), so equality also proves the allow-list would change nothing in the fast output;
 * the last test checks that directly too. The bench's real documents are compared in
 * scripts/bench/markdown-corpus-render.test.ts (next to the corpus).
 */

// QUIRE_RENDER_DIFF_FULL=1 compares the whole XSS corpus
// and 10,000 random deltas (minutes); the default run samples each to stay within the unit suite.
const FULL = process.env.QUIRE_RENDER_DIFF_FULL === "1";
const TIMEOUT = FULL ? 3_600_000 : 120_000;
const stats = { compared: 0, declined: 0 };
const outputs: string[] = [];

async function expectSameAsQuill(delta: BodyDelta, label: string, keep = false): Promise<void> {
  // Formulas as renderDeltaHtml gives them: each one's markup rendered alone by the Quill host.
  const formulas = formulaValues(delta);
  const fast = renderDeltaFast(delta, formulas.length > 0 ? await renderFormulas(formulas) : undefined);
  if (fast === null) {
    stats.declined += 1;
    return;
  }
  stats.compared += 1;
  if (keep && outputs.length < 500) outputs.push(fast);
  const quill = await renderWithQuill(delta);
  if (fast !== quill) expect({ label, delta: JSON.stringify(delta), fast }).toEqual({ label, delta: JSON.stringify(delta), fast: quill });
}

describe("renderDeltaFast against the Quill host", () => {
  beforeAll(async () => {
    await renderWithQuill({ ops: [{ insert: "warm up\n" }] });
  });

  it("matches on the XSS corpus in every place a client can put a string", async () => {
    const corpus = fs.readFileSync(path.join(FIXTURES_DIR, "xss/xss-payload-list.txt"), "utf8").split("\n").filter((line) => line.length > 0);
    // By default every line with a character HTML or URLs treat specially, and every 24th other.
    const payloads = FULL ? corpus : corpus.filter((line, index) => /[\\\r\u00a0&]|javascript/i.test(line) || index % 24 === 0);
    const placements: ((p: string) => unknown[])[] = [
      (p) => [{ insert: "link", attributes: { link: p } }],
      (p) => [{ insert: { image: p }, attributes: { alt: p, width: p } }],
      (p) => [{ insert: p }],
      (p) => [{ insert: { mention: { id: "u1", name: p } } }, { insert: p, attributes: { code: true, bold: true } }],
      (p) => [
        { insert: "x", attributes: Object.fromEntries(Object.keys(FORMAT_RULES).map((name) => [name, p])) },
        { insert: "\n", attributes: { header: p, list: p, align: p, "code-block": p, indent: p } },
      ],
      (p) => [{ insert: p }, { insert: "\n", attributes: { "code-block": "xml" } }],
    ];
    // As TeX too, a third of them (KaTeX renders each twice: alone for the fast path, then in Quill).
    const formula = (p: string) => [{ insert: { formula: p } }, { insert: p, attributes: { bold: true } }, { insert: { formula: p }, attributes: { italic: true, link: p } }];
    for (const [place, sample] of [...placements.map((place) => [place, payloads] as const), [formula, payloads.filter((_, i) => i % 3 === 0)] as const]) {
      // Batches as large as the Quill host's pieces, so each batch is one render.
      for (let start = 0; start < sample.length; start += 400) {
        const ops = sample.slice(start, start + 400).flatMap((payload) => [...place(payload), { insert: "\n" }]);
        await expectSameAsQuill(sanitizeDelta({ ops }).delta, `xss batch ${start}`);
      }
    }
  }, TIMEOUT);

  it("matches on thousands of seeded random deltas of every format and combination", async () => {
    const before = { ...stats };
    const count = FULL ? 10_000 : 300;
    for (let seed = 0; seed < count; seed += 1) {
      const random = seededRandom(seed);
      const { delta } = sanitizeDelta(randomDelta(random, 1 + Math.floor(random() * 6)));
      await expectSameAsQuill(delta, `seed ${seed}`, true);
    }
    // Most take the fast path (the rest hold formulas or colour forms it leaves to Quill).
    expect(stats.compared - before.compared).toBeGreaterThan(count * 0.6);
  }, TIMEOUT);

  it("matches on formulas anywhere: in long formatted lines, formatted themselves, beside every embed", async () => {
    const before = { ...stats };
    const formats = [undefined, { bold: true }, { link: "https://example.com/f" }, { color: "#e60000", italic: true }, { code: true }, { size: "large", underline: true }];
    const texes = ["e=mc^2", "\\frac{a}{b}", "\\sqrt{x}", "x^{2}_i", "\\href{javascript:alert(1)}{x}", "\\begin{matrix}a\\end{matrix}", "}{", "<b>&amp;", ""];
    for (let seed = 0; seed < 40; seed += 1) {
      const random = seededRandom(1_000 + seed);
      const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
      const ops: unknown[] = [];
      const runs = random() < 0.3 ? 300 : 12;
      for (let run = 0; run < runs; run += 1) {
        const roll = random();
        const attributes = pick(formats);
        if (roll < 0.25) ops.push({ insert: { formula: pick(texes) }, ...(attributes ? { attributes } : {}) });
        else if (roll < 0.3) ops.push({ insert: { image: "https://example.com/a.png" }, ...(attributes ? { attributes } : {}) });
        else if (roll < 0.35) ops.push({ insert: { mention: { id: "u1", name: "Ann" } } });
        else ops.push({ insert: `word ${run} `, ...(attributes ? { attributes } : {}) });
        if (random() < 0.1) ops.push({ insert: "\n", ...(random() < 0.5 ? { attributes: pick([{ header: 2 }, { list: "bullet" }, { align: "center" }, { table: "row-abcd" }]) } : {}) });
      }
      ops.push({ insert: "\n" });
      await expectSameAsQuill(sanitizeDelta({ ops }).delta, `formulas ${seed}`);
    }
    expect(stats.compared - before.compared).toBe(40);
  }, TIMEOUT);

  it("declines formulas without their markup, named colours and a code block changing language, which Quill renders", () => {
    expect(renderDeltaFast({ ops: [{ insert: { formula: "x" } }, { insert: "\n" }] })).toBeNull();
    expect(renderDeltaFast({ ops: [{ insert: "a", attributes: { color: "red" } }, { insert: "\n" }] })).toBeNull();
    expect(
      renderDeltaFast({ ops: [{ insert: "a\n", attributes: { "code-block": "javascript" } }, { insert: "b\n", attributes: { "code-block": "python" } }] }),
    ).toBeNull();
  });

  it("leaves nothing for the allow-list to change, and re-parses to the same markup", () => {
    const { document } = new JSDOM("<!doctype html><body></body>").window;
    const template = document.createElement("template");
    expect(outputs.length).toBeGreaterThan(100);
    for (const html of outputs) {
      template.innerHTML = html;
      expect(enforceHtmlAllowList(template.content)).toBe(0);
      expect(template.innerHTML).toBe(html);
    }
  });
});
