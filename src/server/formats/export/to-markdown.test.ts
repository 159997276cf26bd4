import { describe, expect, it } from "vitest";
import type { BodyOp } from "@/server/body/sanitize-delta";
import { titleHeading, toMarkdown } from "./to-markdown";

const line = (text: string, attributes?: BodyOp["attributes"]): BodyOp[] => [...(text ? [{ insert: text }] : []), { insert: "\n", ...(attributes && { attributes }) }];
const markdown = (...ops: BodyOp[]) => toMarkdown({ ops });

describe("toMarkdown", () => {
  it("writes emphasis, links and formats around a code span, never inside it", () => {
    expect(markdown({ insert: "run " }, { insert: "npm test", attributes: { code: true, link: "https://docs.example/test" } }, { insert: " or " }, { insert: "x", attributes: { code: true, italic: true } }, { insert: "\n" })).toBe(
      "run [`npm test`](https://docs.example/test) or *`x`*\n",
    );
  });

  it("escapes what would be read as markup: a final ! before a link, <, entity-like &, delimiters, bare autolinks", () => {
    expect(markdown({ insert: "Wow!" }, { insert: "here", attributes: { link: "https://example.com" } }, { insert: "\n" })).toBe("Wow\\![here](https://example.com)\n");
    expect(markdown(...line("a <b> & &amp; &#38; 1 < 2 *x* _y_ snake_case [z] `q` ~s~ $5 \\ www.example.com https://example.com me@example.com"))).toBe(
      "a \\<b> & &amp;amp; &amp;#38; 1 < 2 \\*x\\* \\_y\\_ snake_case \\[z\\] \\`q\\` \\~s\\~ \\$5 \\\\ www\\.example.com https\\://example.com me\\@example.com\n",
    );
  });

  it("escapes text that would start a block, and a heading's last #", () => {
    expect(markdown(...line("# not a heading"), ...line("1. not a list"), ...line("- nor this"), ...line("C#", { header: 2 }))).toBe(
      "\\# not a heading\n\n1\\. not a list\n\n\\- nor this\n\n## C\\#\n",
    );
    expect(titleHeading("  #1: *Notes* #")).toBe("# \\#1: \\*Notes\\* \\#");
  });

  it("keeps a code block's tabs, indentation, trailing spaces and blank first and last lines", () => {
    const code = (text: string) => line(text, { "code-block": "python" });
    expect(markdown(...code(""), ...code("def f():"), ...code("\treturn 1  "), ...code(""), ...code(""))).toBe("```python\n\ndef f():\n\treturn 1  \n\n\n```\n");
  });

  it("fences code with a longer run of backticks than it holds, and pads code spans CommonMark would trim", () => {
    expect(markdown(...line("a ``` b", { "code-block": "plain" }))).toBe("````\na ``` b\n````\n");
    expect(markdown({ insert: "a  b", attributes: { code: true } }, { insert: " " }, { insert: "``", attributes: { code: true } }, { insert: " " }, { insert: " x ", attributes: { code: true } }, { insert: "\n" })).toBe(
      "`a  b` ` `` ` `  x  `\n",
    );
  });

  it("writes spaces a reader would drop or collapse as &nbsp;, and keeps empty quote lines", () => {
    expect(markdown(...line("  two  spaces  "), ...line("x", { blockquote: true }), ...line("", { blockquote: true }))).toBe(
      "&nbsp;&nbsp;two &nbsp;spaces&nbsp;&nbsp;\n\n> x\n\n>\n",
    );
  });

  it("uses tags where delimiters could not open or close there, and for underline and sub/superscript", () => {
    expect(markdown({ insert: "bold ", attributes: { bold: true } }, { insert: "word, " }, { insert: "(x)", attributes: { italic: true } }, { insert: "y" }, { insert: "struck", attributes: { strike: true } }, { insert: " H" }, { insert: "2", attributes: { script: "sub" } }, { insert: "O " }, { insert: "u", attributes: { underline: true } }, { insert: " " }, { insert: "ok", attributes: { bold: true } }, { insert: "\n" })).toBe(
      "<strong>bold </strong>word, <em>(x)</em>y<s>struck</s> H<sub>2</sub>O <u>u</u> **ok**\n",
    );
  });

  it("nests list items at their parents' content columns, with an empty item per skipped level", () => {
    expect(markdown(...line("a", { list: "ordered" }), ...line("b", { list: "bullet", indent: 1 }), ...line("deep", { list: "checked", indent: 3 }), ...line("c", { list: "ordered" }), ...line("", { list: "unchecked" }))).toBe(
      "1. a\n   - b\n     - - [x] deep\n2. c\n- [ ] <!-- -->\n",
    );
  });

  it("restarts numbering after another list type or a shallower item, not after deeper ones", () => {
    const item = (list: string, text: string, indent?: number) => line(text, { list, ...(indent && { indent }) });
    expect(markdown(...item("ordered", "a"), ...item("bullet", "b"), ...item("ordered", "c"), ...item("ordered", "d"), ...item("bullet", "e", 1), ...item("ordered", "f"))).toBe(
      "1. a\n- b\n1. c\n2. d\n   - e\n3. f\n",
    );
  });

  it("writes images with their alt, sized ones as <img>, formulas as $…$ ($$…$$ before a digit), links to nothing as <>", () => {
    expect(markdown({ insert: { image: "https://example.com/a b.png" }, attributes: { alt: "A [cat]" } }, { insert: { image: "/x.png" }, attributes: { width: "120" } }, { insert: " " }, { insert: { formula: "x^2" } }, { insert: "5 " }, { insert: { formula: "e=mc^2" } }, { insert: " " }, { insert: "me", attributes: { link: "" } }, { insert: "\n" })).toBe(
      '![A &#91;cat&#93;](<https://example.com/a b.png>)<img src="/x.png" width="120"> $$x^2$$5 $e=mc^2$ [me](<>)\n',
    );
  });

  it("leaves out what Markdown can't hold: colours, alignment, indentation outside lists, empty lines", () => {
    expect(markdown({ insert: "red", attributes: { color: "#e60000" } }, { insert: "\n", attributes: { align: "center" } }, { insert: "\n" }, ...line("indented", { indent: 2 }))).toBe("red\n\nindented\n");
  });

  it("answers an empty string for an empty document", () => {
    expect(markdown({ insert: "\n" })).toBe("");
  });
});
