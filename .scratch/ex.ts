import { toMarkdown, titleHeading } from "@/server/formats/export/to-markdown";
const line = (text: string, attributes?: Record<string, unknown>) => [{ insert: text }, { insert: "\n", ...(attributes && { attributes }) }];
const cases: Record<string, unknown[]> = {
  codeLink: [{ insert: "see " }, { insert: "npm test", attributes: { code: true, link: "https://docs.example/test", bold: true } }, { insert: " and " }, { insert: "x", attributes: { code: true, italic: true } }, { insert: "\n" }],
  bang: [{ insert: "Wow!" }, { insert: "here", attributes: { link: "https://example.com" } }, { insert: "\n" }],
  escapes: line("a <b> & &amp; &#38; 1 < 2 *x* _y_ snake_case [z] `q` ~s~ $5 \\ www.example.com https://example.com me@example.com"),
  heading: [...line("C#", { header: 2 }), ...line("Issue #", { header: 1 })],
  code: [{ insert: "" }, ...line("", { "code-block": "python" }), ...line("def f():", { "code-block": "python" }), ...line("\treturn 1  ", { "code-block": "python" }), ...line("", { "code-block": "python" }), ...line("", { "code-block": "python" })],
  codeSpan: [{ insert: "a  b", attributes: { code: true } }, { insert: " " }, { insert: "``", attributes: { code: true } }, { insert: " " }, { insert: " x ", attributes: { code: true } }, { insert: "\n" }],
  emptyLink: [{ insert: "top", attributes: { link: "#" } }, { insert: " " }, { insert: "none", attributes: { link: "" } }, { insert: "\n" }],
  lists: [...line("a", { list: "ordered" }), ...line("b", { list: "bullet", indent: 1 }), ...line("deep", { list: "checked", indent: 3 }), ...line("c", { list: "ordered" }), ...line("", { list: "bullet" })],
  spaces: [...line("  two  spaces  "), ...line("x", { blockquote: true }), ...line("", { blockquote: true })],
  emphasis: [{ insert: "bold " , attributes: { bold: true } }, { insert: "word, " }, { insert: "(x)", attributes: { italic: true } }, { insert: "y" }, { insert: "struck", attributes: { strike: true } }, { insert: " H" }, { insert: "2", attributes: { script: "sub" } }, { insert: "O " }, { insert: "u", attributes: { underline: true } }, { insert: "\n" }],
  embeds: [{ insert: { image: "https://example.com/a b.png" }, attributes: { alt: "A [cat]" } }, { insert: { image: "/x.png" }, attributes: { width: "120" } }, { insert: " " }, { insert: { formula: "x^2" } }, { insert: "5 " }, { insert: { formula: "e=mc^2" } }, { insert: "\n" }],
  lost: [{ insert: "red", attributes: { color: "#e60000" } }, { insert: "\n", attributes: { align: "center" } }, { insert: "\n" }, ...line("indented", { indent: 2 })],
};
for (const [name, ops] of Object.entries(cases)) console.log(name, JSON.stringify(toMarkdown({ ops } as never)));
console.log(JSON.stringify(titleHeading("  #1: *Notes* #")));
