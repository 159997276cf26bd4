import { isDeepStrictEqual } from "node:util";
import { toMarkdown } from "@/server/formats/export/to-markdown";
import { markdownToDelta } from "@/server/formats/import/markdown-to-delta";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
const line = (text: string, attributes?: Record<string, unknown>) => [...(text ? [{ insert: text }] : []), { insert: "\n", ...(attributes && { attributes }) }];
const cases: Record<string, unknown[]> = {
  emptyItems: [...line("", { list: "bullet" }), ...line("", { list: "ordered" }), ...line("", { list: "unchecked" }), ...line("", { list: "checked" }), ...line("x", { list: "bullet" })],
  emptyHeading: [...line("", { header: 1 }), ...line("x")],
  emptyQuoteMid: [...line("a", { blockquote: true }), ...line("", { blockquote: true }), ...line("b", { blockquote: true })],
  emptyCode: [...line("", { "code-block": "plain" })],
  firstItemDeep: [...line("x", { list: "bullet", indent: 2 })],
  boldCodeLink: [{ insert: "npm", attributes: { code: true, link: "https://d.example", bold: true } }, { insert: "\n" }],
};
for (const [name, ops] of Object.entries(cases)) {
  const d = sanitizeDelta({ ops }).delta; const md = toMarkdown(d);
  const back = sanitizeDelta(await markdownToDelta(md)).delta;
  console.log(name, isDeepStrictEqual(back, d), JSON.stringify(md), isDeepStrictEqual(back, d) ? "" : JSON.stringify(back.ops));
}
process.exit(0);
