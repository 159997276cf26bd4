import spec from "commonmark-spec";
import { HtmlRenderer, Parser } from "commonmark";
import { isDeepStrictEqual } from "node:util";
import { markdownToDelta } from "@/server/formats/import/markdown-to-delta";
import { htmlToDelta } from "@/server/formats/import/html-to-delta";
import { toMarkdown } from "@/server/formats/export/to-markdown";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
const tests = (spec as { tests: { markdown: string; html: string; section: string; number: number }[] }).tests;
const only = process.argv.slice(2).map(Number);
const reader = new Parser(); const writer = new HtmlRenderer();
let a = 0, b = 0, n = 0;
for (const t of tests) {
  if (only.length && !only.includes(t.number)) continue;
  n++;
  const md = t.markdown.replace(/→/g, "\t");
  const d = sanitizeDelta(await markdownToDelta(md)).delta;
  const out = toMarkdown(d);
  const d2 = sanitizeDelta(await markdownToDelta(out)).delta;
  const d3 = sanitizeDelta(await htmlToDelta(writer.render(reader.parse(out)))).delta;
  const okA = isDeepStrictEqual(d, d2), okB = isDeepStrictEqual(d, d3);
  if (!okA) a++; if (!okB) b++;
  if (!okA || !okB || only.length) console.log(`#${t.number} [${t.section}] A:${okA} B:${okB} ${JSON.stringify(md)}\n  out: ${JSON.stringify(out)}\n  d:  ${JSON.stringify(d.ops)}\n  d2: ${JSON.stringify(d2.ops)}\n  d3: ${JSON.stringify(d3.ops)}`);
}
console.log(`${n} examples, marked round trip failures ${a}, commonmark.js failures ${b}`);
process.exit(0);
