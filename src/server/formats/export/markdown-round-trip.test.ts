import { isDeepStrictEqual } from "node:util";
import { HtmlRenderer, Parser } from "commonmark";
import Delta from "quill-delta";
import { describe, expect, it } from "vitest";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { htmlToDelta } from "@/server/formats/import/html-to-delta";
import { markdownToDelta } from "@/server/formats/import/markdown-to-delta";
import { comparableDelta } from "@test/comparable-delta";
import { toMarkdown } from "./to-markdown";

// Random documents made of what the model holds and Markdown can write, from pieces chosen to
// collide with Markdown's syntax: delimiters, brackets, entities, autolinks, list and heading
// starts, runs of spaces. A fixed seed keeps every run the same; a failure prints its Markdown.
const PIECES = [..."ab cd  *_`[]()!<>&#-+1.~$\\:/@é", "http://x.y", "www.x", "a@b.c", "&amp;", "<u>", "1. ", "# ", "> ", "- ", "  "];
const LINKS = ["https://example.com/a?b=1&c=2", "#", "/rel%20path", "a(b)c", "x%3Cy%3E", "http://ex.com/%C3%A4", "mailto:a@b.c", "a%5C(b"];
const IMAGES = ["https://example.com/c.png", "cat.png", "/api/v1/files/abc"];
const FORMULAS = ["x^2", "\\frac{a}{b}", "a\\$b", "e=mc^2"];
const CODE_LINES = ["", "  x", "\ty", "a ``` b", "```", "~~~"];
const DOCUMENTS = 200;

class Random {
  constructor(private seed: number) {}
  next(): number {
    this.seed = (this.seed * 1103515245 + 12345) % 2147483648;
    return this.seed / 2147483648;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  text(pieces: number): string {
    return Array.from({ length: pieces }, () => this.pick(PIECES)).join("");
  }
}

// `commonMarkOnly` leaves out what only GFM and our import have: strike, formulas, check lists.
function randomDocument(random: Random, commonMarkOnly: boolean): BodyDelta {
  const delta = new Delta();
  for (let line = 0, lines = 1 + Math.floor(random.next() * 4); line < lines; line += 1) {
    const kind = random.pick(["paragraph", "paragraph", "heading", "list", "list", "quote", "code"]);
    if (kind === "code") {
      const language = random.pick(["plain", "javascript", "python"]);
      for (let count = 1 + Math.floor(random.next() * 3); count > 0; count -= 1) {
        delta.insert(random.pick([...CODE_LINES, random.text(4)])).insert("\n", { "code-block": language });
      }
      continue;
    }
    for (let run = 0, runs = 1 + Math.floor(random.next() * 4); run < runs; run += 1) insertRun(delta, random, commonMarkOnly);
    const block: Record<string, unknown> = {};
    if (kind === "heading") block.header = random.pick([1, 2, 3]);
    if (kind === "quote") block.blockquote = true;
    if (kind === "list") {
      block.list = random.pick(commonMarkOnly ? ["bullet", "ordered"] : ["bullet", "ordered", "checked", "unchecked"]);
      const indent = Math.floor(random.next() * 3);
      if (indent > 0) block.indent = indent;
    }
    delta.insert("\n", block);
  }
  return sanitizeDelta({ ops: delta.ops }).delta;
}

function insertRun(delta: Delta, random: Random, commonMarkOnly: boolean): void {
  const marks: Record<string, unknown> = {};
  if (random.next() < 0.3) marks.bold = true;
  if (random.next() < 0.3) marks.italic = true;
  if (!commonMarkOnly && random.next() < 0.2) marks.strike = true;
  if (random.next() < 0.15) marks.underline = true;
  if (random.next() < 0.15) marks.link = random.pick(LINKS);
  if (random.next() < 0.1) marks.script = random.pick(["sub", "super"]);
  const isCode = random.next() < 0.15;
  const embed = random.next();
  if (embed < 0.08) {
    const alt = random.next() < 0.5 ? { alt: random.text(3) } : {};
    const width = random.next() < 0.3 ? { width: "120" } : {};
    delta.insert({ image: random.pick(IMAGES) }, { ...marks, ...alt, ...width });
  } else if (!commonMarkOnly && embed < 0.14) {
    delta.insert({ formula: random.pick(FORMULAS) }, marks);
  } else if (isCode) {
    delta.insert(`${random.text(1 + Math.floor(random.next() * 5))}${random.next() < 0.3 ? "\t" : ""}`, { ...marks, code: true });
  } else {
    delta.insert(random.text(1 + Math.floor(random.next() * 5)), marks);
  }
}

const clean = (delta: BodyDelta) => sanitizeDelta(delta).delta;

// Lines with nothing on them, and the other corners the random documents rarely reach.
const CORNERS: Delta[] = [
  new Delta().insert("\n", { list: "bullet" }).insert("\n", { list: "ordered" }).insert("\n", { list: "unchecked" }).insert("\n", { list: "checked" }),
  new Delta().insert("\n", { header: 1 }).insert("after\n"),
  new Delta().insert("a").insert("\n\n", { blockquote: true }).insert("b").insert("\n", { blockquote: true }),
  new Delta().insert("\n", { "code-block": "plain" }),
  new Delta().insert("deep").insert("\n", { list: "bullet", indent: 3 }),
  new Delta().insert({ image: "diagram.png" }).insert("\n", { list: "bullet" }).insert("child").insert("\n", { list: "bullet", indent: 1 }),
  new Delta().insert({ image: "wide.png" }, { width: "120" }).insert("\n").insert({ image: "wide.png" }, { width: "120" }).insert("\n", { blockquote: true }),
  new Delta().insert("npm", { code: true, bold: true, link: "https://docs.example" }).insert(" ").insert("top", { link: "#" }).insert("\n"),
];

describe("toMarkdown on corner cases", () => {
  it("writes empty list items, headings and quote lines, deep first items, items ending in an image, lines of one sized image, bold code links, so they read back", async () => {
    for (const corner of CORNERS) {
      const delta = clean({ ops: corner.ops as BodyDelta["ops"] });
      expect(clean(await markdownToDelta(toMarkdown(delta)))).toEqual(delta);
    }
  });
});

describe("toMarkdown on tabs outside code", () => {
  // A Markdown reader keeps a tab inside a line, drops one at either end, and reads one that
  // starts a line as indentation; our import used to turn every tab outside code into a space.
  it("writes a tab as a tab inside a line and &#9; at either end, and reads every one back", async () => {
    const delta = clean({
      ops: [
        { insert: "Name:\tAda\t\tLovelace\n" },
        { insert: "\tstarts, ends\t\n" },
        { insert: "after a space \t and before\t \n" },
        { insert: "\tbold", attributes: { bold: true } },
        { insert: "\tplain\t" },
        { insert: "link\ttext", attributes: { link: "https://example.com/" } },
        { insert: "\n" },
        { insert: "\tHeading\t" },
        { insert: "\n", attributes: { header: 2 } },
        { insert: "\titem\tone\t" },
        { insert: "\n", attributes: { list: "bullet" } },
        { insert: "\tnested" },
        { insert: "\n", attributes: { list: "ordered", indent: 1 } },
        { insert: "\tquoted\t" },
        { insert: "\n", attributes: { blockquote: true } },
        { insert: "cell\tone" },
        { insert: "\n", attributes: { table: "row-t1" } },
        { insert: "\tcell two\t" },
        { insert: "\n", attributes: { table: "row-t1" } },
        { insert: "\tcode\tblock\t" },
        { insert: "\n", attributes: { "code-block": "plain" } },
      ],
    });
    const markdown = toMarkdown(delta);
    expect(markdown).toContain("Name:\tAda\t\tLovelace\n");
    expect(markdown).toContain("&#9;starts, ends&#9;\n");
    expect(markdown).toContain("```\n\tcode\tblock\t\n```");
    expect(comparableDelta((await markdownToDelta(markdown)).ops)).toEqual(comparableDelta(delta.ops));
  });
});

describe("toMarkdown on random documents", () => {
  it(`writes ${DOCUMENTS} documents that our import, and commonmark.js for CommonMark's part, read back exactly`, async () => {
    const random = new Random(20_260_101);
    const failures: string[] = [];
    for (let index = 0; index < DOCUMENTS; index += 1) {
      const commonMarkOnly = random.next() < 0.5;
      const delta = randomDocument(random, commonMarkOnly);
      const markdown = toMarkdown(delta);
      if (!isDeepStrictEqual(clean(await markdownToDelta(markdown)), delta)) failures.push(`import: ${JSON.stringify(markdown)}`);
      if (!commonMarkOnly) continue;
      const html = new HtmlRenderer().render(new Parser().parse(markdown));
      if (!isDeepStrictEqual(clean(await htmlToDelta(html)), delta)) failures.push(`commonmark.js: ${JSON.stringify(markdown)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
