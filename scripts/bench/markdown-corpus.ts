import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { HtmlRenderer, Parser } from "commonmark";
import { EDITING_TRACES } from "./editing-traces";

const TRACES = path.join(EDITING_TRACES, "sequential_traces");
// The traces whose final text is Markdown people wrote (blog posts and a specification, with
// headings, lists, code, links and tables), and one Svelte component, used as a long code block.
const MARKDOWN_TRACES = ["seph-blog1", "json-crdt-blog-post", "json-crdt-patch"];
const CODE_TRACE = "sveltecomponent";

/** The final text of an editing trace (editing-traces.ts). */
function traceText(name: string): string {
  const trace = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(TRACES, `${name}.json.gz`))).toString("utf8")) as { endContent?: string };
  return trace.endContent ?? "";
}

/**
 * Real-world Markdown of about `chars` characters: the Markdown traces one after the other, then
 * the Svelte component as a fenced code block, cut at a line end (a cut code block is closed).
 */
export function realMarkdown(chars: number): string {
  const code = traceText(CODE_TRACE);
  const source = `${MARKDOWN_TRACES.map(traceText).join("\n\n")}\n\n\`\`\`svelte\n${code}${code}\n\`\`\`\n`;
  if (source.length <= chars) return source;
  const cut = source.slice(0, source.lastIndexOf("\n", chars) + 1);
  // An odd number of fences means the cut fell inside a code block.
  return (cut.match(/^(```|~~~)/gm) ?? []).length % 2 === 1 ? `${cut}\`\`\`\n` : cut;
}

/** HTML of about `chars` characters, as another tool writes it: commonmark.js rendering the same real Markdown. */
export function realHtml(chars: number): string {
  const render = (markdown: string) => new HtmlRenderer().render(new Parser().parse(markdown));
  // HTML runs about twice as long as its Markdown: find the longest Markdown whose HTML fits.
  let low = 0;
  let high = chars;
  while (high - low > 500) {
    const middle = Math.floor((low + high) / 2);
    if (render(realMarkdown(middle)).length <= chars) low = middle;
    else high = middle;
  }
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>Notes</title></head><body>\n${render(realMarkdown(low))}</body></html>\n`;
}

/**
 * `count` Markdown files cut from the same real Markdown at headings (a longer section cut at a
 * line end), of about 0.3–3 KB each (sizes drawn with `random`), for a many-file import.
 */
export function markdownFiles(count: number, random: () => number): Array<{ name: string; text: string }> {
  const blocks = realMarkdown(Number.MAX_SAFE_INTEGER)
    .split(/\n(?=#{1,6} )/)
    .map((block) => (block.length > MAX_SECTION ? closeFences(block.slice(0, block.lastIndexOf("\n", MAX_SECTION) + 1)) : block));
  const files: Array<{ name: string; text: string }> = [];
  let at = 0;
  while (files.length < count) {
    const target = 300 + Math.floor(random() * 2_700);
    let text = "";
    while (text.length < target) {
      text += `${blocks[at % blocks.length] ?? ""}\n`;
      at += 1;
    }
    files.push({ name: `note-${String(files.length + 1).padStart(3, "0")}.md`, text });
  }
  return files;
}

const MAX_SECTION = 3_000;

function closeFences(text: string): string {
  return (text.match(/^(```|~~~)/gm) ?? []).length % 2 === 1 ? `${text}\n\`\`\`\n` : text;
}
