import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { deltaToPlainText, renderDeltaHtml } from "./render-delta-html";

function parse(html: string): DocumentFragment {
  return JSDOM.fragment(html);
}

describe("renderDeltaHtml", () => {
  it("renders headings, alignment, fonts and inline formats as the editor does", async () => {
    const html = await renderDeltaHtml({
      ops: [
        { insert: "Title" },
        { insert: "\n", attributes: { header: 1 } },
        { insert: "big", attributes: { size: "huge", font: "serif", bold: true } },
        { insert: " red", attributes: { color: "#e60000", italic: true } },
        { insert: "\n", attributes: { align: "center" } },
      ],
    });
    expect(html).toBe(
      '<h1>Title</h1><p class="ql-align-center"><strong class="ql-size-huge ql-font-serif">big</strong>' +
        '<em style="color: rgb(230, 0, 0);"> red</em></p>',
    );
  });

  it("renders bullet, ordered and check lists with their marker spans", async () => {
    const html = await renderDeltaHtml({
      ops: [
        { insert: "one" }, { insert: "\n", attributes: { list: "bullet" } },
        { insert: "two" }, { insert: "\n", attributes: { list: "ordered", indent: 1 } },
        { insert: "done" }, { insert: "\n", attributes: { list: "checked" } },
        { insert: "todo" }, { insert: "\n", attributes: { list: "unchecked" } },
      ],
    });
    const items = Array.from(parse(html).querySelectorAll("ol > li"));
    expect(items.map((li) => [li.getAttribute("data-list"), li.className, li.textContent])).toEqual([
      ["bullet", "", "one"],
      ["ordered", "ql-indent-1", "two"],
      ["checked", "", "done"],
      ["unchecked", "", "todo"],
    ]);
    // Quill's CSS draws the markers from `li > .ql-ui:before`; nothing else may remain of the UI.
    for (const control of Array.from(parse(html).querySelectorAll(".ql-ui"))) {
      expect(control.outerHTML).toBe('<span class="ql-ui" contenteditable="false"></span>');
      expect(control.parentElement?.localName).toBe("li");
    }
  });

  it("highlights a code block and drops the language picker", async () => {
    const html = await renderDeltaHtml({
      ops: [{ insert: "const x = 1;" }, { insert: "\n", attributes: { "code-block": "javascript" } }],
    });
    expect(html).toBe(
      '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="javascript">' +
        '<span class="ql-token hljs-keyword">const</span> x = <span class="ql-token hljs-number">1</span>;</div></div>',
    );
    expect(parse(html).querySelector("select, .ql-ui")).toBeNull();
  });

  it("renders a formula with KaTeX, and \\href as an error rather than a link", async () => {
    const html = await renderDeltaHtml({
      ops: [{ insert: { formula: "e=mc^2" } }, { insert: { formula: "\\href{javascript:alert(1)}{x}" } }, { insert: "\n" }],
    });
    const fragment = parse(html);
    const formulas = Array.from(fragment.querySelectorAll(".ql-formula"));
    expect(formulas.map((f) => f.getAttribute("data-value"))).toEqual(["e=mc^2", "\\href{javascript:alert(1)}{x}"]);
    expect(formulas[0]?.querySelector(".katex math annotation")?.textContent).toBe("e=mc^2");
    expect(fragment.querySelector("a")).toBeNull();
  });

  it("renders links with Quill's rel and target, and blanks unsafe ones", async () => {
    const html = await renderDeltaHtml({
      ops: [
        { insert: "ok", attributes: { link: "https://example.com/?a=1&b=2" } },
        { insert: "bad", attributes: { link: "javascript:alert(1)" } },
        { insert: "\n" },
      ],
    });
    expect(html).toBe(
      '<p><a href="https://example.com/?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">ok</a>' +
        '<a href="about:blank" rel="noopener noreferrer" target="_blank">bad</a></p>',
    );
  });

  it("renders images with size and alt (empty when undescribed), and blanks unsafe sources", async () => {
    const html = await renderDeltaHtml({
      ops: [
        { insert: { image: "https://example.com/a.png" }, attributes: { width: "120", alt: "a cat" } },
        { insert: { image: "ftp://x/y.png" } },
        { insert: { image: "data:image/png;base64,iVBORw0KGgo=" } },
        { insert: "\n" },
      ],
    });
    expect(html).toBe(
      // An image nobody described renders as decorative (alt=""), never without alt.
      '<p><img src="https://example.com/a.png" width="120" alt="a cat"><img src="" alt="">' +
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt=""></p>',
    );
  });

  it("renders nothing executable from hostile text", async () => {
    const html = await renderDeltaHtml({ ops: [{ insert: '<script>alert(1)</script><img src=x onerror=alert(1)>\n' }] });
    expect(html).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</p>");
  });

  it("renders a formula past shared/formula-rules.ts as its source text, where KaTeX ran out of stack or for 30 s", async () => {
    // Stored before the rules, or sent over a socket: the render must not fail (a 500) or hold the body worker.
    for (const tex of ["{".repeat(50_000) + "x" + "}".repeat(50_000), "\\sqrt{".repeat(5_000) + "x" + "}".repeat(5_000), "x^2+".repeat(60_000) + "1"]) {
      const html = await renderDeltaHtml({ ops: [{ insert: "Before " }, { insert: { formula: tex } }, { insert: " after\n" }] });
      const formula = new JSDOM(html).window.document.querySelector(".ql-formula");
      expect(formula?.getAttribute("data-value")).toBe(tex);
      expect(formula?.textContent).toContain(tex);
      expect(formula?.querySelector(".katex")).toBeNull();
    }
    // Within the rules, KaTeX renders it.
    const html = await renderDeltaHtml({ ops: [{ insert: { formula: "e=mc^2" } }, { insert: "\n" }] });
    expect(new JSDOM(html).window.document.querySelector(".ql-formula .katex")).not.toBeNull();
  });
});

describe("deltaToPlainText", () => {
  it("joins text and leaves embeds out, as Quill's getText does", () => {
    expect(deltaToPlainText({ ops: [{ insert: "a", attributes: { bold: true } }, { insert: { image: "https://x/y.png" } }, { insert: "b\n" }] })).toBe(
      "ab\n",
    );
  });
});
