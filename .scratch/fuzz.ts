import Delta from "quill-delta";
import { HtmlRenderer, Parser } from "commonmark";
import { isDeepStrictEqual } from "node:util";
import { markdownToDelta } from "@/server/formats/import/markdown-to-delta";
import { htmlToDelta } from "@/server/formats/import/html-to-delta";
import { toMarkdown } from "@/server/formats/export/to-markdown";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
let seed = Number(process.argv[2] ?? 1);
const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const pick = <T,>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!;
const CHARS = [..."ab cd  *_`[]()!<>&#-+1.~$\\:/@éw\u00e9", "http://x.y", "www.x", "a@b.c", "&amp;", "<u>", "1. ", "# ", "> ", "- ", "  "];
const text = (n: number) => { let s = ""; for (let i = 0; i < n; i++) s += pick(CHARS); return s; };
const URLS = ["https://example.com/a?b=1&c=2", "#", "/rel%20path", "a(b)c", "x%3Cy%3E", "http://ex.com/%C3%A4", "mailto:a@b.c", "https://e.com/a%5Cb", "a%5C(b"];
const TEX = ["x^2", "\\frac{a}{b}", "a\\$b", "e=mc^2"];
const one = (cmark: boolean) => {
  const d = new Delta();
  const lines = 1 + Math.floor(rnd() * 4);
  let prevIndent = -1;
  for (let l = 0; l < lines; l++) {
    const kind = pick(["p", "p", "h", "list", "list", "quote", "code"]);
    if (kind === "code") {
      const lang = pick(["plain", "javascript", "python"]);
      const n = 1 + Math.floor(rnd() * 3);
      for (let i = 0; i < n; i++) { d.insert(pick(["", "  x", "\ty", "a ``` b", "```", "~~~", text(4)])); d.insert("\n", { "code-block": lang }); }
      continue;
    }
    const runs = 1 + Math.floor(rnd() * 4);
    for (let r = 0; r < runs; r++) {
      const attrs: Record<string, unknown> = {};
      if (rnd() < 0.3) attrs.bold = true;
      if (rnd() < 0.3) attrs.italic = true;
      if (!cmark && rnd() < 0.2) attrs.strike = true;
      if (rnd() < 0.15) attrs.underline = true;
      const code = rnd() < 0.15;
      if (rnd() < 0.15) attrs.link = pick(URLS);
      if (rnd() < 0.1) attrs.script = pick(["sub", "super"]);
      const e = rnd();
      if (e < 0.08) d.insert({ image: pick(["https://e.com/c.png", "cat.png", "/api/v1/files/abc"]) }, { ...attrs, ...(rnd() < 0.5 ? { alt: text(3) } : {}), ...(rnd() < 0.3 ? { width: "120" } : {}) });
      else if (!cmark && e < 0.14) d.insert({ formula: pick(TEX) }, attrs);
      else { const t = code ? text(1 + Math.floor(rnd() * 5)) + (rnd() < 0.3 ? "\t" : "") : text(1 + Math.floor(rnd() * 5)); if (t) d.insert(t, code ? { ...attrs, code: true } : attrs); }
    }
    const block: Record<string, unknown> = {};
    if (kind === "h") block.header = pick([1, 2, 3]);
    if (kind === "quote") block.blockquote = true;
    if (kind === "list") { block.list = pick(cmark ? ["bullet", "ordered"] : ["bullet", "ordered", "checked", "unchecked"]); const ind = Math.floor(rnd() * 3); if (ind) block.indent = ind; }
    d.insert("\n", block);
  }
  return d;
};
const reader = new Parser(); const writer = new HtmlRenderer();
let fails = 0;
const N = Number(process.argv[3] ?? 300);
for (let i = 0; i < N; i++) {
  const cmark = rnd() < 0.5;
  const d0 = one(cmark);
  // what the editor holds: through Quill once (an HTML round trip of its own rendering would be another path); use import of export as the model
  const d = sanitizeDelta({ ops: d0.ops }).delta;
  const md = toMarkdown(d);
  const d2 = sanitizeDelta(await markdownToDelta(md)).delta;
  const okA = isDeepStrictEqual(d, d2);
  let okB = true; let d3;
  if (cmark) { d3 = sanitizeDelta(await htmlToDelta(writer.render(reader.parse(md)))).delta; okB = isDeepStrictEqual(d, d3); }
  const diff = (x: typeof d, y: typeof d) => { const i = x.ops.findIndex((op, k) => !isDeepStrictEqual(op, y.ops[k])); return `op ${i}: ${JSON.stringify(x.ops[i])} vs ${JSON.stringify(y.ops[i])}`; };
  if (!okA || !okB) { fails++; if (fails <= 12) console.log(!okA ? "A " + diff(d, d2) : "B " + diff(d, d3!), "\n MD " + JSON.stringify(md)); if (fails <= 12) console.log(`A:${okA} B:${okB}\n md: ${JSON.stringify(md)}\n d:  ${JSON.stringify(d.ops)}\n d2: ${JSON.stringify(d2.ops)}${d3 && !okB ? `\n d3: ${JSON.stringify(d3.ops)}` : ""}`); }
}
console.log(`${N} random documents, ${fails} failures`);
process.exit(0);
