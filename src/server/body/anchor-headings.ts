import type { OutlineEntry } from "@/shared/document-outline";
import { outlineOf } from "@/shared/document-outline";

// Stored bodies are our own renderer's markup, allow-listed (render-delta-html.ts): headings are
// `<h1>`…`<h3>` with at most a class, never nested, never carrying an id. That is what makes a
// pattern enough here; this is not a parser for anyone's HTML.
const HEADING = /<h([1-3])((?:\s+class="[^"]*")?)>([\s\S]*?)<\/h\1>/g;
const TAG = /<[^>]*>/g;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/**
 * A stored body with an id on each heading the contents list shows, and that list: what a
 * published page links `#h-…` to. Ids are added when the page is served, so every stored
 * body has them, however old, and the stored markup stays the editor's own.
 */
export function anchorHeadings(html: string): { html: string; outline: OutlineEntry[] } {
  const found = Array.from(html.matchAll(HEADING), (match) => ({ level: Number(match[1]), text: textOf(match[3] ?? "") }));
  const outline = outlineOf(found);
  // outlineOf skips empty headings: walk both lists together so each anchor lands on its own.
  let next = 0;
  const anchored = html.replace(HEADING, (whole, level: string, classes: string, inner: string) => {
    const entry = outline[next];
    if (!entry || entry.text !== textOf(inner).replace(/\s+/g, " ").trim()) return whole;
    next += 1;
    return `<h${level} id="${entry.anchor}"${classes}>${inner}</h${level}>`;
  });
  return { html: anchored, outline };
}

/** The heading's text as the browser's textContent gives it: tags dropped, entities decoded. */
function textOf(markup: string): string {
  return markup.replace(TAG, "").replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity: string, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}
