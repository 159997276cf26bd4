import { comparableDelta } from "@test/comparable-delta";
import { describe, expect, it } from "vitest";
import { renderDeltaHtml } from "@/server/body/render-delta-html";
import type { BodyOp } from "@/server/body/sanitize-delta";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { htmlToDelta } from "@/server/formats/import/html-to-delta";
import { seededRandom } from "@test/random-delta";
import { keepHtmlSpaces } from "./keep-html-spaces";

describe("keepHtmlSpaces", () => {
  it("writes &nbsp; only for spaces an import would collapse or drop", () => {
    expect(keepHtmlSpaces("<p>a b <strong>c</strong> d</p>")).toBe("<p>a b <strong>c</strong> d</p>");
    expect(keepHtmlSpaces("<p> a  b </p><h2>  x</h2>")).toBe("<p>&nbsp;a &nbsp;b&nbsp;</p><h2>&nbsp;&nbsp;x</h2>");
    // A space next to an inline element is read back; one next to a line element is not.
    expect(keepHtmlSpaces("<li><strong> a </strong> b </li>")).toBe("<li><strong> a </strong> b&nbsp;</li>");
    expect(keepHtmlSpaces('<table><tbody><tr><td data-row="row-a"> a </td></tr></tbody></table>')).toBe('<table><tbody><tr><td data-row="row-a">&nbsp;a&nbsp;</td></tr></tbody></table>');
  });

  it("leaves code blocks, formulas, mentions and attributes as they are", () => {
    const html = [
      '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="plain">  a  b </div></div>',
      '<p><span class="ql-formula" data-value="a  >  b"><span class="katex"> a  b </span></span>',
      '<span class="mention" data-user-id="u1"><span contenteditable="false">@A  B </span></span>',
      '<a href="https://e.com/?q=a  b" title="x  y">l  k</a></p>',
    ].join("");
    expect(keepHtmlSpaces(html)).toBe(html.replace("l  k", "l &nbsp;k"));
  });

  it("puts a tab outside code in a white-space: pre span, which the import reads back as a tab", async () => {
    expect(keepHtmlSpaces("<p>a\tb\t\t<strong>\tc</strong></p>")).toBe(
      '<p>a<span style="white-space:pre">\t</span>b<span style="white-space:pre">\t\t</span><strong><span style="white-space:pre">\t</span>c</strong></p>',
    );
    // Spaces beside a tab at the line's ends are ones an import would drop: &nbsp;.
    expect(keepHtmlSpaces("<p>\t x \t</p>")).toBe('<p><span style="white-space:pre">\t</span>&nbsp;x&nbsp;<span style="white-space:pre">\t</span></p>');
    const code = '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="plain">\ta</div></div><p><code>\tb</code></p>';
    expect(keepHtmlSpaces(code)).toBe(code);
    expect(sanitizeDelta(await htmlToDelta(keepHtmlSpaces("<p>\tName:\tAda\t</p>"))).delta).toEqual({ ops: [{ insert: "\tName:\tAda\t\n" }] });
  });

  it("makes an HTML page whose import gives the same delta, for random lines of words and spaces", async () => {
    await expectRoundTrips(4242, ["a", "bc", " ", "  ", "d e"]);
  }, 60_000);

  it("makes an HTML page whose import gives the same delta, for random lines of words, spaces and tabs", async () => {
    await expectRoundTrips(4343, ["a", "bc", " ", "\t", " \t ", "\t\t", "d\te"]);
  }, 60_000);
});

/** Random lines of `pieces` in random formats and blocks: the exported page imports back as the same delta. */
async function expectRoundTrips(seed: number, pieces: readonly string[]): Promise<void> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  for (let round = 0; round < 40; round += 1) {
    const ops: BodyOp[] = [];
    for (let line = 0; line < 4; line += 1) {
      for (let run = 0; run < 1 + Math.floor(random() * 4); run += 1) {
        const text = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(pieces)).join("");
        const format = pick<BodyOp["attributes"]>([undefined, { bold: true }, { italic: true, underline: true }, { code: true }, { link: "https://e.com/" }]);
        ops.push(format ? { insert: text, attributes: format } : { insert: text });
      }
      const block = pick<BodyOp["attributes"]>([undefined, { header: 2 }, { list: "bullet" }, { list: "checked" }, { blockquote: true }, { table: `row-r${round}${line}` }, { table: `row-r${round}${line}`, "table-header": true }]);
      // A cell of spaces alone imports empty (shared/table-html.ts: an HTML page's indentation).
      if (block?.table) ops.push({ insert: "z" });
      ops.push(block ? { insert: "\n", attributes: block } : { insert: "\n" });
    }
    const original = sanitizeDelta({ ops }).delta;
    const html = keepHtmlSpaces(await renderDeltaHtml(original));
    const back = sanitizeDelta(await htmlToDelta(html)).delta;
    expect(comparableDelta(back.ops), html).toEqual(comparableDelta(original.ops));
  }
}

