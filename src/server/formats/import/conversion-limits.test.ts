import { strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { docxOfParagraphs, sampleDocx } from "@test/import-fixtures";
import type { ConvertibleFile } from "./convert-file";
import { convertFile } from "./convert-file";
import {
  MAX_DOCX_XML_ELEMENTS,
  MAX_HTML_ELEMENTS,
  MAX_HTML_NESTING,
  MAX_MARKDOWN_BLOCKS,
  MAX_MARKDOWN_EMPHASIS_NESTING,
  MAX_MARKDOWN_NESTING,
  MAX_SLOW_HTML_ELEMENTS,
} from "./conversion-limits";
import { countXmlElements } from "./docx-to-delta";
import { isUnreadableFileError } from "./unreadable-file-error";

// docs/product.md "Limits": a file past what a conversion may cost is refused while it is read,
// as an UnreadableFileError past the limits (the API's 413, an import's `skipped`), instead of
// running its body worker out of memory or stack (QA report items 1 and 2).

const markdown = (text: string): ConvertibleFile => ({ kind: "markdown", bytes: new TextEncoder().encode(text) });
const html = (text: string): ConvertibleFile => ({ kind: "html", bytes: new TextEncoder().encode(text) });

/** The refusal `file` gets, which must be one past the limits. */
async function refusalOf(file: ConvertibleFile): Promise<string> {
  const error = await convertFile(file).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(isUnreadableFileError(error), String(error)).toBe(true);
  expect(error).toMatchObject({ overLimit: true });
  return (error as Error).message;
}

const textOf = (delta: { ops: Array<{ insert: unknown }> }) => delta.ops.map((op) => (typeof op.insert === "string" ? op.insert : "")).join("");

describe("what a Markdown conversion may cost", () => {
  it("refuses 300,000 nested list markers on one line (600 KB that ran a worker out of memory) and 200,000 quote markers", async () => {
    const nesting = `It could not be imported: lists and quotes may be nested at most ${MAX_MARKDOWN_NESTING} deep, and this file nests them deeper.`;
    expect(await refusalOf(markdown(`${"- ".repeat(300_000)}x`))).toBe(nesting);
    expect(await refusalOf(markdown(">".repeat(200_000)))).toBe(nesting);
    // 10,000 levels ran marked out of stack: a 500 on the API, "could not be read" in an import.
    expect(await refusalOf(markdown(`${"- ".repeat(10_000)}x`))).toBe(nesting);
  });

  it("converts lists and quotes nested exactly as deep as the limit, and refuses one level more", async () => {
    const deepest = `${"> ".repeat(MAX_MARKDOWN_NESTING / 2)}${"- ".repeat(MAX_MARKDOWN_NESTING / 2)}deepest`;
    expect(textOf(await convertFile(markdown(deepest)))).toBe("deepest\n");
    await refusalOf(markdown(`- ${deepest}`));
  });

  it("refuses long runs of * or _ on both sides of a word (emphasis nested thousands deep: 37 s, or out of stack) saying why", async () => {
    const emphasis = `It could not be imported: emphasis (*, _ and ~ around text) may be nested at most ${MAX_MARKDOWN_EMPHASIS_NESTING} deep, and this file nests it deeper (a long run of *, _ or ~ on both sides of a word does so).`;
    // 20,000 ran marked out of stack ("It could not be read as Markdown."); 40,000 took 37 s; 200,000 ran to the 60 s limit.
    for (const k of [20_000, 40_000, 200_000]) expect(await refusalOf(markdown(`${"*".repeat(k)}x${"*".repeat(k)}`))).toBe(emphasis);
    expect(await refusalOf(markdown(`${"_".repeat(20_000)}x${"_".repeat(20_000)}`))).toBe(emphasis);
    expect(await refusalOf(markdown(`${"~~a ".repeat(20_000)}x${" b~~".repeat(20_000)}`))).toBe(emphasis);
  });

  it("converts emphasis nested exactly as deep as the limit, and refuses one level more", async () => {
    // "*a *a … x … a* a*": each "*a " opens an emphasis inside the one before.
    const nestedEmphasis = (levels: number) => `${"*a ".repeat(levels)}deepest${" a*".repeat(levels)}`;
    const delta = await convertFile(markdown(nestedEmphasis(MAX_MARKDOWN_EMPHASIS_NESTING)));
    expect(textOf(delta)).toBe(`${"a ".repeat(MAX_MARKDOWN_EMPHASIS_NESTING)}deepest${" a".repeat(MAX_MARKDOWN_EMPHASIS_NESTING)}\n`);
    expect(delta.ops.every((op) => op.insert === "\n" || op.attributes?.italic === true)).toBe(true);
    await refusalOf(markdown(nestedEmphasis(MAX_MARKDOWN_EMPHASIS_NESTING + 1)));
    // What people write still converts: emphasis two deep, unmatched delimiters, many short emphases.
    expect((await convertFile(markdown("***both*** and *one* and a * b and x_y_z\n"))).ops.slice(0, 4)).toEqual([
      { insert: "both", attributes: { bold: true, italic: true } },
      { insert: " and " },
      { insert: "one", attributes: { italic: true } },
      { insert: " and a * b and x_y_z\n" },
    ]);
  });

  it("refuses more blocks than the limit before converting them, and converts a long document of short paragraphs", async () => {
    expect(await refusalOf(markdown("a\n\n".repeat(MAX_MARKDOWN_BLOCKS + 1)))).toBe(
      "It could not be imported: a Markdown file may have at most 200,000 blocks (paragraphs, headings, list items, …), and this one has more.",
    );
    const long = Array.from({ length: 20_000 }, (_, index) => `Paragraph ${index}.`).join("\n\n");
    expect(textOf(await convertFile(markdown(long))).split("\n")).toHaveLength(20_001);
  });

  it("refuses a table past the limits as its rows are read, with the message the converted table would get", async () => {
    const row = (cells: number) => `|${"a|".repeat(cells)}\n`;
    const table = `${row(100)}|${"-|".repeat(100)}\n${row(100).repeat(100)}`;
    expect(await refusalOf(markdown(table))).toBe("It could not be imported: a table may have at most 10,000 cells; this one has 10,100.");
    expect(await refusalOf(markdown(`${row(101)}|${"-|".repeat(101)}\n${row(101)}`))).toBe("It could not be imported: a table may have at most 100 columns; this one has 101.");
    // A header row of empty cells is none (markdownToHtml leaves it out): 100 × 100 fits.
    const headless = `${"|".repeat(101)}\n|${"-|".repeat(100)}\n${row(100).repeat(100)}`;
    expect(textOf(await convertFile(markdown(headless))).split("\n")).toHaveLength(10_001);
  });

  it("still reads a setext heading, and a long paragraph continuing a list item", async () => {
    const delta = await convertFile(markdown(`Title\n===\n\n- item\n${"more of the item\n".repeat(2_000)}`));
    expect(delta.ops[1]).toEqual({ insert: "\n", attributes: { header: 1 } });
    expect(textOf(delta)).toBe(`Title\nitem${" more of the item".repeat(2_000)}\n`);
  });
});

describe("what an HTML conversion may cost", () => {
  it(`converts elements nested ${MAX_HTML_NESTING} deep, and refuses one level more`, async () => {
    expect(textOf(await convertFile(html(`${"<div>".repeat(MAX_HTML_NESTING)}deep`)))).toBe("deep\n");
    expect(await refusalOf(html(`${"<div>".repeat(MAX_HTML_NESTING + 1)}deep`))).toBe(
      `It could not be imported: its elements may be nested at most ${MAX_HTML_NESTING} deep, and this file nests them deeper.`,
    );
    await refusalOf(html(`${"<div>".repeat(200_000)}deep`));
  });

  it("refuses more elements than the limit while parsing", async () => {
    expect(await refusalOf(html(`<p>${"<b>a</b>".repeat(MAX_HTML_ELEMENTS)}</p>`))).toBe(
      "It could not be imported: its HTML may have at most 200,000 elements, and this file has more.",
    );
  });

  it("refuses a table past the limits before converting it", async () => {
    const cells = "<td>a</td>".repeat(100);
    expect(await refusalOf(html(`<table>${`<tr>${cells}</tr>`.repeat(101)}</table>`))).toBe(
      "It could not be imported: a table may have at most 10,000 cells; this one has 10,100.",
    );
  });

  it("refuses markup only jsdom converts past its own, smaller limit", async () => {
    // A style the walk without jsdom doesn't reproduce (it now reads the editor's colours itself).
    const styled = (count: number) => '<p style="font-weight: bold">a</p>'.repeat(count);
    expect(await refusalOf(html(styled(MAX_SLOW_HTML_ELEMENTS + 1)))).toBe(
      "It could not be imported: HTML with inline styles or another editor's markup may have at most 20,000 elements, and this file has 20,001.",
    );
    expect(textOf(await convertFile(html(styled(3))))).toBe("a\na\na\n");
  });
});

describe("what a Word conversion may cost", () => {
  it("refuses a 150 KB .docx of 1.5 million paragraphs (51 MB of XML that ran a worker out of memory) by its elements", async () => {
    const bomb = docxOfParagraphs(1_500_000);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(await refusalOf({ kind: "docx", bytes: bomb })).toBe(
      `It could not be imported: a Word document may have at most ${MAX_DOCX_XML_ELEMENTS.toLocaleString("en")} XML elements of text and formatting, and this one has 4,500,007.`,
    );
  });

  it("refuses XML parts unpacking to more than 64 MB before inflating them", async () => {
    expect(await refusalOf({ kind: "docx", bytes: docxOfParagraphs(2_000_000) })).toBe(
      "It could not be imported: a Word document's text and formatting may unpack to at most 64 MB, and this one's unpack to 65 MB.",
    );
  });

  it("converts a document of many paragraphs below the limits, and counts start tags only", async () => {
    expect(textOf(await convertFile({ kind: "docx", bytes: docxOfParagraphs(20_000) }))).toBe("A\n".repeat(20_000));
    expect(await convertFile({ kind: "docx", bytes: await sampleDocx() })).toBeTruthy();
    expect(countXmlElements(strToU8('<?xml version="1.0"?><!-- c --><a x="1"><b/><c>t</c></a>'))).toBe(3);
  });
});
