import { describe, expect, it } from "vitest";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { markdownToDelta } from "./markdown-to-delta";

// What the editor would store: the converted delta after the server's sanitiser.
async function convert(markdown: string) {
  return sanitizeDelta(await markdownToDelta(markdown)).delta.ops;
}

describe("markdownToDelta", () => {
  it("maps headings 1–3 to the editor's levels and deeper ones to level 3", async () => {
    expect(await convert("# One\n## Two\n### Three\n#### Four\n###### Six\n")).toEqual([
      { insert: "One" }, { insert: "\n", attributes: { header: 1 } },
      { insert: "Two" }, { insert: "\n", attributes: { header: 2 } },
      { insert: "Three" }, { insert: "\n", attributes: { header: 3 } },
      { insert: "Four" }, { insert: "\n", attributes: { header: 3 } },
      { insert: "Six" }, { insert: "\n", attributes: { header: 3 } },
    ]);
  });

  it("keeps bold, italic, strike, inline code, underline (inline HTML) and links", async () => {
    expect(await convert("**b** *i* ~~s~~ `c` <u>u</u> [l](https://example.com/a?b=1) ***bi***\n")).toEqual([
      { insert: "b", attributes: { bold: true } }, { insert: " " },
      { insert: "i", attributes: { italic: true } }, { insert: " " },
      { insert: "s", attributes: { strike: true } }, { insert: " " },
      { insert: "c", attributes: { code: true } }, { insert: " " },
      { insert: "u", attributes: { underline: true } }, { insert: " " },
      { insert: "l", attributes: { link: "https://example.com/a?b=1" } }, { insert: " " },
      { insert: "bi", attributes: { bold: true, italic: true } },
      { insert: "\n" },
    ]);
  });

  it("turns nested bullet, ordered and task lists into Quill list lines with indent", async () => {
    const markdown = "- a\n  - b\n    - c\n- d\n\n1. one\n   1. one.one\n2. two\n\n- [x] done\n- [ ] todo\n  - [ ] nested\n";
    expect(await convert(markdown)).toEqual([
      { insert: "a" }, { insert: "\n", attributes: { list: "bullet" } },
      { insert: "b" }, { insert: "\n", attributes: { list: "bullet", indent: 1 } },
      { insert: "c" }, { insert: "\n", attributes: { list: "bullet", indent: 2 } },
      { insert: "d" }, { insert: "\n", attributes: { list: "bullet" } },
      { insert: "one" }, { insert: "\n", attributes: { list: "ordered" } },
      { insert: "one.one" }, { insert: "\n", attributes: { list: "ordered", indent: 1 } },
      { insert: "two" }, { insert: "\n", attributes: { list: "ordered" } },
      { insert: "done" }, { insert: "\n", attributes: { list: "checked" } },
      { insert: "todo" }, { insert: "\n", attributes: { list: "unchecked" } },
      { insert: "nested" }, { insert: "\n", attributes: { list: "unchecked", indent: 1 } },
    ]);
  });

  it("keeps a bullet list nested in an ordered item a bullet list", async () => {
    expect(await convert("1. first\n   - inner\n2. second\n")).toEqual([
      { insert: "first" }, { insert: "\n", attributes: { list: "ordered" } },
      { insert: "inner" }, { insert: "\n", attributes: { list: "bullet", indent: 1 } },
      { insert: "second" }, { insert: "\n", attributes: { list: "ordered" } },
    ]);
  });

  it("makes blockquotes and fenced code with its language (aliases mapped, whitespace and blank lines kept)", async () => {
    expect(await convert("> quoted\n\n```js\nif (a) {\n  b();\n\n}\n```\n\n```\nplain <b>\n```\n")).toEqual([
      { insert: "quoted" }, { insert: "\n", attributes: { blockquote: true } },
      { insert: "if (a) {" }, { insert: "\n", attributes: { "code-block": "javascript" } },
      { insert: "  b();" }, { insert: "\n\n", attributes: { "code-block": "javascript" } },
      { insert: "}" }, { insert: "\n", attributes: { "code-block": "javascript" } },
      { insert: "plain <b>" }, { insert: "\n", attributes: { "code-block": "plain" } },
    ]);
  });

  it("turns $…$ and $$…$$ into formula embeds and leaves prices alone", async () => {
    expect(await convert("Energy $e=mc^2$ costs $5 and $10.\n\n$$\n\\int_0^1 x\\,dx\n$$\n")).toEqual([
      { insert: "Energy " }, { insert: { formula: "e=mc^2" } }, { insert: " costs $5 and $10.\n" },
      { insert: { formula: "\\int_0^1 x\\,dx" } }, { insert: "\n" },
    ]);
  });

  it("keeps images with their alt text", async () => {
    expect(await convert("![A cat](https://example.com/cat.png)\n")).toEqual([
      { insert: { image: "https://example.com/cat.png" }, attributes: { alt: "A cat" } }, { insert: "\n" },
    ]);
  });

  it("makes a GFM table a table: a header row, one line per cell, inline formats kept", async () => {
    const ops = await convert("| Name | Age |\n|---|---|\n| Ada | *36* |\n| Alan | 41 |\n");
    const ids = [...new Set(ops.flatMap((op) => (op.attributes?.table === undefined ? [] : [op.attributes.table])))];
    expect(ids).toHaveLength(3);
    const [head, ada, alan] = ids;
    expect(ops).toEqual([
      { insert: "Name" }, { insert: "\n", attributes: { table: head, "table-header": true } },
      { insert: "Age" }, { insert: "\n", attributes: { table: head, "table-header": true } },
      { insert: "Ada" }, { insert: "\n", attributes: { table: ada } },
      { insert: "36", attributes: { italic: true } }, { insert: "\n", attributes: { table: ada } },
      { insert: "Alan" }, { insert: "\n", attributes: { table: alan } },
      { insert: "41" }, { insert: "\n", attributes: { table: alan } },
    ]);
  });

  it("reads an all-empty header row (our export's, for a table without one) as no row", async () => {
    const ops = await convert("| | |\n|---|---|\n| a | b |\n");
    expect(ops.filter((op) => op.attributes?.table !== undefined)).toHaveLength(2);
    expect(ops.some((op) => op.attributes?.["table-header"])).toBe(false);
  });

  it("passes inline HTML through the same path as an HTML import, so hostile markup comes out inert", async () => {
    const markdown = '<script>alert(1)</script>\n\nHi <a href="javascript:alert(1)" onclick="x()">there</a> <img src=x onerror=alert(1)> [md](javascript:alert(2))\n\n<iframe src="https://evil.example"></iframe>\n';
    expect(await convert(markdown)).toEqual([
      { insert: "Hi " }, { insert: "there", attributes: { link: "about:blank" } }, { insert: " " },
      { insert: { image: "x" } }, { insert: " " }, { insert: "md", attributes: { link: "about:blank" } }, { insert: "\n" },
    ]);
  });

  it("answers an empty body for an empty file", async () => {
    expect(await convert("")).toEqual([{ insert: "\n" }]);
  });
});
