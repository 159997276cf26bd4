import spec from "commonmark-spec";
import { markdownToDelta, markdownToHtml } from "@/server/formats/import/markdown-to-delta";
const tests = (spec as { tests: { markdown: string; html: string; section: string; number: number }[] }).tests;
const only = process.argv.slice(2).map(Number);
for (const t of tests) {
  if (only.length && !only.includes(t.number)) continue;
  const md = t.markdown.replace(/→/g, "\t");
  const d = await markdownToDelta(md);
  console.log(`#${t.number} [${t.section}] ${JSON.stringify(md)}\n  marked: ${JSON.stringify(markdownToHtml(md))}\n  spec:   ${JSON.stringify(t.html.replace(/→/g, "\t"))}\n  delta:  ${JSON.stringify(d.ops)}`);
}
process.exit(0);
