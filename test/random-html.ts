import { seededRandom } from "./random-delta";

export { seededRandom };

/**
 * Seeded random markup for differential tests of the import (src/server/formats/import/
 * fast-convert): the tags CommonMark renderers, Word converters and the editor write, and others,
 * nested anyhow (misnested, unclosed, blocks in inline elements, tables in odd places), with the
 * attributes the clipboard reads (and some it refuses to reproduce), comments, entities and every
 * kind of whitespace, since Quill's text matcher collapses it by what is around. Not valid HTML on
 * purpose: both paths must parse it the same way.
 */
type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const TEXTS = [
  "word", "two words", " ", "  ", "\n", " \n ", "\t", "a\u00a0b", "\u00a0", "&nbsp;", "&amp;", "&lt;b&gt;", "x\r\ny", "é 日本語 🙂",
  "\ufeff", "$5 and $10", "<!-- c -->", "&#13;", "line\nbreak", "  lead", "trail  ", "[x] ", "\u200b",
];
const INLINE = ["em", "strong", "b", "i", "u", "s", "del", "strike", "code", "a", "span", "sub", "sup", "mark", "small", "kbd", "font", "o:p"];
const BLOCK = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "div", "table", "thead", "tbody", "tr", "td", "th", "section", "hr", "dl", "dt", "dd", "figure", "caption", "tfoot"];
const VOID = ["br", "img", "hr", "input", "wbr"];
const HREFS = ["https://example.com/a b", "", "#x", "javascript:alert(1)", "mailto:a@b.c", "/rel?q=1&r=2", "https://e.com/%zz/é"];
const SRCS = ["https://example.com/a.png", "", "x.png", "data:image/png;base64,iVBORw0KGgo="];
const LANGUAGES = ["language-js", "lang-python", "language-unknown", "x language-rust", "language-"];

function attributes(random: Random, tag: string): string {
  const out: string[] = [];
  const maybe = (chance: number, attribute: string) => {
    if (random() < chance) out.push(attribute);
  };
  if (tag === "a") maybe(0.9, `href="${pick(random, HREFS)}"`);
  if (tag === "img") {
    maybe(0.9, `src="${pick(random, SRCS)}"`);
    maybe(0.5, `alt="${pick(random, ["", "a picture", "x&quot;y"])}"`);
    maybe(0.2, `width="${pick(random, ["10", ""])}"`);
    maybe(0.1, `height="20"`);
  }
  if (tag === "li") maybe(0.3, `data-list="${pick(random, ["checked", "unchecked", "bullet", "ordered", ""])}"`);
  if (tag === "ol" || tag === "ul") maybe(0.1, `data-checked="${pick(random, ["true", "false", ""])}"`);
  if (tag === "pre") maybe(0.4, `data-language="${pick(random, ["js", "python", "bash", "nope", ""])}"`);
  if (tag === "pre" || tag === "code") maybe(0.3, `class="${pick(random, LANGUAGES)}"`);
  if (tag === "td" || tag === "th") {
    maybe(0.2, `colspan="${pick(random, ["2", "3", "0", "x"])}"`);
    maybe(0.2, `rowspan="${pick(random, ["2", "3", "-1"])}"`);
    maybe(0.1, `data-row="${pick(random, ["1", "row-abc", ""])}"`);
    maybe(0.2, `align="${pick(random, ["center", "left", "right"])}"`);
  }
  if (tag === "span") {
    maybe(0.3, `class="${pick(random, ["ql-formula", "post-meta", "x ql-formula", "ql-formula mention", "constructor", "ql-size-large", "a\u00a0b"])}"`);
    maybe(0.3, `data-value="${pick(random, ["x^2", "", "\\frac{1}{2}"])}"`);
  }
  if (tag === "input") maybe(0.8, `type="checkbox"${random() < 0.5 ? " checked" : ""}`);
  maybe(0.05, `id="${pick(random, ["a", "docs-internal-guid-1"])}"`);
  maybe(0.03, `style="font-weight:bold"`);
  // A tab's span (our exports, browsers' Apple-tab-span), Google Docs' pre-wrap, and a reset.
  maybe(0.04, `style="white-space:${pick(random, ["pre", "pre-wrap", "normal", "break-spaces"])}"`);
  // Colours and backgrounds as the editor and a Word import write them, and ones the fast path declines.
  maybe(0.05, `style="${pick(random, ["color:#e60000", "background-color: rgb(255, 255, 0); color: #0066cc;", "color: rgb(230, 0, 0)", "color:#E60000", "color:red", "background-color:#ffff00;color:rgb(0,0,0);color:#00ff00"])}"`);
  if (tag !== "span") maybe(0.03, `class="${pick(random, ["ql-font-serif", "ql-size-huge ql-font-monospace", "ql-size-small ql-size-large", "ql-font-comic"])}"`);
  maybe(0.03, `class="ql-align-center"`);
  maybe(0.05, `title="t"`);
  maybe(0.02, `dir="rtl"`);
  return out.length > 0 ? ` ${out.join(" ")}` : "";
}

function node(random: Random, depth: number): string {
  const roll = random();
  if (depth > 4 || roll < 0.35) return pick(random, TEXTS);
  if (roll < 0.42) return `<${pick(random, VOID)}${attributes(random, "img")}>`.replace(/^<(br|hr|input|wbr) [^>]*>/, (_, tag: string) => `<${tag}${attributes(random, tag)}>`);
  if (roll < 0.45) return `<img${attributes(random, "img")}>`;
  const tag = roll < 0.72 ? pick(random, INLINE) : pick(random, BLOCK);
  const children = Array.from({ length: Math.floor(random() * 4) }, () => node(random, depth + 1)).join(random() < 0.3 ? "\n" : "");
  // Sometimes unclosed, so the parser decides where it ends.
  const close = random() < 0.9 ? `</${tag}>` : "";
  return `<${tag}${attributes(random, tag)}>${children}${close}`;
}

/** A random fragment of markup, `blocks` top-level nodes long. */
export function randomHtml(random: Random, blocks: number): string {
  return Array.from({ length: blocks }, () => node(random, 0)).join(random() < 0.5 ? "\n" : "");
}
