import { CODE_BLOCK_LANGUAGES } from "@/shared/editor-formats";

// The benchmarks' PRNG (mulberry32): one generator for seeded text and seeded deltas alike.
export { seededRandom } from "../scripts/bench/seeded-random";

/**
 * Seeded random document deltas built from every format the editor holds, for differential
 * tests of the renderer (src/server/body/fast-render): runs of text with any mix of inline
 * formats in any key order, adjacent equal and different runs, embeds next to text, empty
 * lines, every line format, code blocks in every language, unicode, markup characters,
 * whitespace runs and tabs. Unsanitised on purpose: callers sanitise as the server does.
 */

type Random = () => number;
type Op = { insert: unknown; attributes?: Record<string, unknown> };

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const WORDS = [
  "a", "word", "the", "  ", "\t", " ", "<b>", "&amp;", "\"q\"", "'s'", "x<y>z", "&", "é", "日本語", "🙂", "\u00a0", "\u200b",
  "\ufeff", "a  b", "<script>alert(1)</script>", "if (x) { return 1; }", "const x = 1;", "# h", "--", "//c", "/* c */", "SELECT * FROM t;",
  "def f():", "fn main() {}", "key: value", "<div class=\"x\">", "$x = 'y';", "+added", "-removed", "@@ -1 +1 @@", "\r", "\r\n", "x\ry",
];
// Mostly what the colour picker writes (hex), sometimes forms the fast renderer leaves to Quill.
const COLORS = ["#e60000", "#fff", "#ABCDEF", "rgb(1,2,3)", "rgb( 10 , 20 , 30 )", "#000000", "#06c", "#e60000"];
const RARE_COLORS = ["red", "#abcd", "rgba(1,2,3,0.5)", "rgb(300,0,0)"];
const LINKS = ["https://example.com/?a=1&b=\"2\"", "http://x.y/<z>", "javascript:alert(1)", "mailto:a@b.c", "https://example.com/a b", "tel:+1"];
const IMAGES = ["https://example.com/a.png", "ftp://x/y.png", "data:image/png;base64,iVBORw0KGgo=", "", "https://e.com/x?a=1&b=<2>"];

function text(random: Random): string {
  const count = 1 + Math.floor(random() * 4);
  let out = "";
  for (let i = 0; i < count; i += 1) out += pick(random, WORDS) + (random() < 0.5 ? " " : "");
  return out;
}

const INLINE: Record<string, (random: Random) => unknown> = {
  bold: () => true,
  italic: () => true,
  underline: () => true,
  strike: () => true,
  code: () => true,
  script: (r) => pick(r, ["sub", "super"]),
  link: (r) => pick(r, LINKS),
  color: (r) => pick(r, r() < 0.1 ? RARE_COLORS : COLORS),
  background: (r) => pick(r, r() < 0.1 ? RARE_COLORS : COLORS),
  font: (r) => pick(r, ["serif", "monospace"]),
  size: (r) => pick(r, ["small", "large", "huge"]),
};
const INLINE_NAMES = Object.keys(INLINE);

/** A few inline formats, in a random key order; sometimes the previous run's, to make equal neighbours. */
function inlineAttributes(random: Random, previous: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (previous && random() < 0.25) return previous;
  if (random() < 0.25) return undefined;
  const attributes: Record<string, unknown> = {};
  const count = 1 + Math.floor(random() * 4);
  for (let i = 0; i < count; i += 1) {
    const name = pick(random, INLINE_NAMES);
    attributes[name] = INLINE[name]!(random);
  }
  if (previous && random() < 0.3) return { ...previous, ...attributes };
  return attributes;
}

function lineAttributes(random: Random, previous: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (previous && random() < 0.3) return previous;
  // A code block mostly keeps its language from line to line, as in the editor.
  if (previous?.["code-block"] !== undefined && random() < 0.6) return { "code-block": previous["code-block"] };
  const roll = random();
  const attributes: Record<string, unknown> = {};
  if (random() < 0.2) attributes.align = pick(random, ["center", "right", "justify"]);
  if (roll < 0.3) return Object.keys(attributes).length ? attributes : undefined;
  if (roll < 0.45) attributes.header = pick(random, [1, 2, 3]);
  else if (roll < 0.65) attributes.list = pick(random, ["ordered", "bullet", "checked", "unchecked"]);
  else if (roll < 0.72) attributes.blockquote = true;
  else if (roll < 0.85) {
    // A table cell: rows of a few cells, sometimes the header row, ids as the editor or a paste writes them.
    attributes.table = pick(random, ["row-abcd", "row-efgh", "row-ijkl", 1, 2]);
    if (random() < 0.3) attributes["table-header"] = true;
  } else attributes["code-block"] = pick(random, [...CODE_BLOCK_LANGUAGES, true]);
  // Now and then a second block format, as a pasted list inside a quote gives.
  if (random() < 0.08) attributes[pick(random, ["blockquote", "header", "list", "code-block"])] = pick(random, [true, 2, "bullet", "javascript"]);
  if (random() < 0.3) attributes.indent = 1 + Math.floor(random() * 8);
  if (random() < 0.2) attributes.align = pick(random, ["center", "right", "justify"]);
  return attributes;
}

function embed(random: Random): Op {
  const roll = random();
  if (roll < 0.6) {
    const attributes: Record<string, unknown> = {};
    if (random() < 0.4) attributes.alt = pick(random, ["a cat", "", "<x> & \"y\""]);
    if (random() < 0.3) attributes.width = pick(random, ["120", 64, "50%"]);
    if (random() < 0.2) attributes.height = "30";
    if (random() < 0.3) Object.assign(attributes, inlineAttributes(random, undefined));
    return { insert: { image: pick(random, IMAGES) }, ...(Object.keys(attributes).length ? { attributes } : {}) };
  }
  if (roll < 0.62) return { insert: { formula: "e=mc^2" } };
  const attributes = random() < 0.3 ? inlineAttributes(random, undefined) : undefined;
  return { insert: { mention: { id: pick(random, ["u1", "user-2"]), name: pick(random, ["Ann", "Bo <b>&\"", ""]) } }, ...(attributes ? { attributes } : {}) };
}

/** One random document delta of about `lines` lines. */
export function randomDelta(random: Random, lines: number): { ops: Op[] } {
  const ops: Op[] = [];
  let previousLine: Record<string, unknown> | undefined;
  for (let line = 0; line < lines; line += 1) {
    const attributes = lineAttributes(random, previousLine);
    previousLine = attributes;
    const isCode = attributes?.["code-block"] !== undefined;
    const runs = random() < 0.15 ? 0 : 1 + Math.floor(random() * 5);
    let previous: Record<string, unknown> | undefined;
    for (let run = 0; run < runs; run += 1) {
      if (!isCode && random() < 0.15) {
        ops.push(embed(random));
        continue;
      }
      const runAttributes = isCode ? (random() < 0.5 ? attributes : undefined) : inlineAttributes(random, previous);
      previous = runAttributes;
      ops.push(runAttributes ? { insert: text(random), attributes: runAttributes } : { insert: text(random) });
    }
    // Sometimes the newline rides on the last run's text, as Quill's own deltas often have it.
    const last = ops.at(-1);
    if (last && typeof last.insert === "string" && random() < 0.2 && JSON.stringify(last.attributes) === JSON.stringify(attributes)) {
      last.insert += "\n";
    } else {
      ops.push(attributes ? { insert: "\n", attributes } : { insert: "\n" });
    }
  }
  // Now and then no final newline (Quill adds one), or nothing at all.
  if (random() < 0.05) ops.pop();
  return { ops };
}
