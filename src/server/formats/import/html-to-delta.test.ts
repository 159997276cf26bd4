import fs from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { renderDeltaHtml } from "@/server/body/render-delta-html";
import type { BodyOp } from "@/server/body/sanitize-delta";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { htmlToDelta } from "./html-to-delta";
import { FIXTURES_DIR } from "@test/fixtures";

async function convert(html: string) {
  return sanitizeDelta(await htmlToDelta(html)).delta.ops;
}

describe("htmlToDelta", () => {
  it("maps markup as a paste into the editor would: headings, lists with nesting, formats, links, code", async () => {
    const html = `<h1>Title</h1><p>Some <b>bold</b>, <i>italic</i>, <u>under</u>, <del>gone</del> and <a href="mailto:a@b.c">mail</a>.</p>
      <ul><li>one<ul><li>two</li></ul></li></ul><ol><li>first</li></ol>
      <pre><code class="language-python">def f():\n    return 1\n</code></pre><blockquote>q</blockquote>`;
    expect(await convert(html)).toEqual([
      { insert: "Title" }, { insert: "\n", attributes: { header: 1 } },
      { insert: "Some " }, { insert: "bold", attributes: { bold: true } }, { insert: ", " },
      { insert: "italic", attributes: { italic: true } }, { insert: ", " },
      { insert: "under", attributes: { underline: true } }, { insert: ", " },
      { insert: "gone", attributes: { strike: true } }, { insert: " and " },
      { insert: "mail", attributes: { link: "mailto:a@b.c" } }, { insert: ".\none" },
      { insert: "\n", attributes: { list: "bullet" } },
      { insert: "two" }, { insert: "\n", attributes: { list: "bullet", indent: 1 } },
      { insert: "first" }, { insert: "\n", attributes: { list: "ordered" } },
      { insert: "def f():" }, { insert: "\n", attributes: { "code-block": "python" } },
      { insert: "    return 1" }, { insert: "\n", attributes: { "code-block": "python" } },
      { insert: "q" }, { insert: "\n", attributes: { blockquote: true } },
    ]);
  });

  it("reads the editor's own markup back (an exported page): check lists, indents, code blocks, formulas", async () => {
    const html = `<ol><li data-list="checked"><span class="ql-ui"></span>done</li><li data-list="unchecked" class="ql-indent-1"><span class="ql-ui"></span>todo</li></ol>
      <div class="ql-code-block-container"><div class="ql-code-block" data-language="bash">ls</div><div class="ql-code-block" data-language="bash">  cd x</div></div>
      <p><span class="ql-formula" data-value="x^2"><span class="katex">x2</span></span></p>`;
    expect(await convert(html)).toEqual([
      { insert: "done" }, { insert: "\n", attributes: { list: "checked" } },
      { insert: "todo" }, { insert: "\n", attributes: { list: "unchecked", indent: 1 } },
      { insert: "ls" }, { insert: "\n", attributes: { "code-block": "bash" } },
      { insert: "  cd x" }, { insert: "\n", attributes: { "code-block": "bash" } },
      { insert: { formula: "x^2" } }, { insert: "\n" },
    ]);
  });

  it("reads the editor's header rows back (<td data-table-header>), and other applications' <th> and <thead> as before", async () => {
    const headerOf = (ops: BodyOp[]) => ops.filter((op) => op.attributes?.table !== undefined).map((op) => [op.insert, op.attributes?.["table-header"] === true]);
    // The editor's own markup, as the HTML export writes it: a header row anywhere in the table.
    const own = `<table><tbody><tr><td data-row="row-a" data-table-header="true">Name</td><td data-row="row-a" data-table-header="true">Value</td></tr>
      <tr><td data-row="row-b">x</td><td data-row="row-b">1</td></tr><tr><td data-row="row-c" data-table-header="true">Sum</td><td data-row="row-c" data-table-header="true"></td></tr></tbody></table>`;
    expect(headerOf(await convert(own))).toEqual([["\n", true], ["\n", true], ["\n", false], ["\n", false], ["\n\n", true]]);
    // Another application's: <thead>, a row of <th>, and a row whose first cell alone is a <th>
    // (a row heading, as Wikipedia writes them), which is no header row.
    const other = `<table><thead><tr><td>A</td><td>B</td></tr></thead><tbody><tr><th>C</th><th>D</th></tr><tr><th>E</th><td>F</td></tr></tbody></table>`;
    const ops = await convert(other);
    expect(headerOf(ops)).toEqual([["\n", true], ["\n", true], ["\n", true], ["\n", true], ["\n", false], ["\n", false]]);
    expect(ops.filter((op) => typeof op.insert === "string" && op.insert.trim() !== "").map((op) => op.insert)).toEqual(["A", "B", "C", "D", "E", "F"]);
  });

  it("keeps tabs (and spaces) the markup says are content: white-space: pre and pre-wrap, as browsers and office suites write tabs", async () => {
    // A browser's copy (Apple-tab-span), Google Docs' pre-wrap runs, our own export's tab span.
    const html = [
      '<p>Name:<span class="Apple-tab-span" style="white-space:pre">\t</span>Ada</p>',
      '<p><span style="font-size:11pt;white-space:pre-wrap;">Col A\tCol B  </span></p>',
      '<p><span style="white-space:pre">\t</span>indented</p>',
    ].join("");
    expect(await convert(html)).toEqual([{ insert: "Name:\tAda\nCol A\tCol B  \n\tindented\n" }]);
  });

  it("still reads a page's own indentation, tabs included, as the space between words", async () => {
    const html = "<div>\n\t<p>\n\t\tHello\tworld\n\t</p>\n\t<p style=\"white-space:normal\"><span>a\t\tb</span></p>\n</div>";
    expect(await convert(html)).toEqual([{ insert: "Hello world\na b\n" }]);
  });

  it("drops scripts, styles, frames, forms and SVG, and blanks script links", async () => {
    const html = `<script>alert(1)</script><style>p{}</style><p onclick="alert(1)">Hi <a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"></p>
      <iframe src="https://evil.example"></iframe><svg><a href="javascript:alert(1)"><text>svg</text></a></svg><form><input value="v"></form>`;
    const ops = await convert(html);
    expect(ops).toEqual([
      { insert: "Hi " }, { insert: "x", attributes: { link: "about:blank" } }, { insert: { image: "x" } }, { insert: "\n" },
    ]);
  });
});

// A sample of the payloadbox corpus (every 7th line; xss-corpus.test.ts runs all of it through the
// sanitiser and renderer): each line imported as an HTML file must come out harmless.
const CORPUS_FILE = path.join(FIXTURES_DIR, "xss/xss-payload-list.txt");
const SAMPLE = fs.readFileSync(CORPUS_FILE, "utf8").split("\n").filter((line, index) => line.length > 0 && index % 7 === 0);

describe("htmlToDelta with the XSS corpus", () => {
  it(`imports ${SAMPLE.length} hostile HTML files as nothing executable`, async () => {
    const ops: BodyOp[] = [];
    for (const payload of SAMPLE) {
      const { delta } = sanitizeDelta(await htmlToDelta(payload));
      for (const op of delta.ops) expectSafeOp(op);
      ops.push(...delta.ops);
    }
    expectSafeHtml(await renderDeltaHtml({ ops }));
  }, 120_000);
});

const SCRIPT_SCHEME = /^(?:javascript|vbscript|livescript|data):/;
const schemeOf = (url: string) => {
  const squeezed = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
  return squeezed.slice(0, squeezed.indexOf(":") + 1);
};

function expectSafeOp(op: BodyOp): void {
  const link = op.attributes?.link;
  if (typeof link === "string") expect(SCRIPT_SCHEME.test(schemeOf(link)), link).toBe(false);
  if (typeof op.insert !== "object") return;
  expect(["image", "formula"]).toContain(Object.keys(op.insert)[0]);
  const image = op.insert.image;
  if (typeof image === "string" && schemeOf(image) === "data:") expect(image).toMatch(/^data:image\/(png|gif|jpeg|bmp|x-icon)[;,]/i);
  else if (typeof image === "string") expect(SCRIPT_SCHEME.test(schemeOf(image)), image).toBe(false);
}

const ACTIVE_TAGS = ["script", "iframe", "frame", "object", "embed", "base", "form", "meta", "link", "style", "foreignobject", "use", "animate", "set"];

function expectSafeHtml(html: string): void {
  const { document } = new JSDOM("<!doctype html><body></body>").window;
  document.body.innerHTML = html;
  const problems: string[] = [];
  for (const element of Array.from(document.body.querySelectorAll("*"))) {
    const tag = element.localName.toLowerCase();
    if (ACTIVE_TAGS.includes(tag)) problems.push(`<${tag}>`);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (/^on/.test(name)) problems.push(`${name} on <${tag}>`);
      if (["href", "src", "xlink:href", "action", "formaction"].includes(name) && SCRIPT_SCHEME.test(schemeOf(attribute.value))) {
        if (!(tag === "img" && /^data:image\/(png|gif|jpeg|bmp|x-icon)[;,]/i.test(attribute.value))) problems.push(`${name}=${attribute.value} on <${tag}>`);
      }
    }
  }
  expect(problems).toEqual([]);
}
