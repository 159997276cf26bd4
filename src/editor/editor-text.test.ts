import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { renderDeltaHtml } from "@/server/body/render-delta-html";
import { EMBED_CHAR, readEditorText } from "./editor-text";

/** The page's body: the server's HTML inside the editor's root. */
function body(html: string): HTMLElement {
  const { document } = new JSDOM(`<!doctype html><div class="ql-editor">${html}</div>`).window;
  const root = document.querySelector<HTMLElement>(".ql-editor");
  if (!root) throw new Error("no root");
  return root;
}

function textOf(ops: Array<{ insert: unknown }>): string {
  return ops.map((op) => (typeof op.insert === "string" ? op.insert : EMBED_CHAR)).join("");
}

describe("readEditorText", () => {
  it("counts the server's rendering of a body exactly as Quill counts the delta", async () => {
    const ops = [
      { insert: "Heading" },
      { insert: "\n", attributes: { header: 1 } },
      { insert: "  two spaces, " },
      { insert: "bold", attributes: { bold: true } },
      { insert: " and a trailing space \n\n" },
      { insert: "first" },
      { insert: "\n", attributes: { list: "bullet" } },
      { insert: "second" },
      { insert: "\n", attributes: { list: "ordered", indent: 1 } },
      { insert: "function f() {\n  return 1;" },
      { insert: "\n", attributes: { "code-block": "javascript" } },
      { insert: "x " },
      { insert: { formula: "e=mc^2" } },
      { insert: " and " },
      { insert: { image: "https://example.com/a.png" } },
      { insert: "\n" },
      { insert: "quoted" },
      { insert: "\n", attributes: { blockquote: true } },
      { insert: "cell" },
      { insert: "\n", attributes: { table: "row-a1", "table-header": true } },
      { insert: "\n", attributes: { table: "row-a1", "table-header": true } },
      { insert: "b", attributes: { bold: true } },
      { insert: "\n\n", attributes: { table: "row-b2" } },
      { insert: "after\n" },
    ];
    const html = await renderDeltaHtml({ ops });
    expect(readEditorText(body(html)).text).toBe(textOf(ops));
  });

  it("reads lines the browser made while editing, whatever their tag, and loose text as a line", () => {
    expect(readEditorText(body("<p>one</p><div>two</div><p><br></p>")).text).toBe("one\ntwo\n\n");
    expect(readEditorText(body("typed<p>next</p>")).text).toBe("typed\nnext\n");
    expect(readEditorText(body("")).text).toBe("\n");
  });

  it("places a caret given in a text node, between elements, on an empty line and after an embed", () => {
    const root = body('<p>ab<strong>cd</strong></p><p><br></p><p>x<img src="a.png">y</p>');
    const [first, empty, third] = Array.from(root.children);
    const bold = first?.querySelector("strong")?.firstChild;
    if (!bold || !empty || !third) throw new Error("markup");
    expect(readEditorText(root, { node: bold, offset: 1 }).caret).toBe(3);
    expect(readEditorText(root, { node: root, offset: 1 }).caret).toBe(5);
    expect(readEditorText(root, { node: empty, offset: 0 }).caret).toBe(5);
    expect(readEditorText(root, { node: third, offset: 2 }).caret).toBe(8);
    expect(readEditorText(root, { node: third, offset: 3 }).caret).toBe(9);
    expect(readEditorText(root).caret).toBeNull();
  });

  it("skips a list item's marker and places a caret inside a formula before it", async () => {
    const root = body(await renderDeltaHtml({ ops: [{ insert: "a" }, { insert: { formula: "x^2" } }, { insert: "\nitem" }, { insert: "\n", attributes: { list: "unchecked" } }] }));
    const katexText = root.querySelector(".ql-formula .katex")?.firstChild;
    const item = root.querySelector("li");
    if (!katexText || !item) throw new Error("markup");
    expect(readEditorText(root).text).toBe(`a${EMBED_CHAR}\nitem\n`);
    expect(readEditorText(root, { node: katexText, offset: 0 }).caret).toBe(1);
    expect(readEditorText(root, { node: item, offset: item.childNodes.length }).caret).toBe(7);
  });
});
