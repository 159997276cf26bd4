import { overLimitError } from "./unreadable-file-error";
import type { UnreadableFileError } from "./unreadable-file-error";

// What one conversion to a delta may cost (docs/product.md "Limits"), checked while the file is
// read and before the expensive steps, so a hostile file is refused in a moment with little
// memory instead of running its body worker out of memory (a 600 KB Markdown of 300,000 nested
// list markers took 17 s and 1.2 GB to do so; a 149 KB .docx of 1.5 million paragraphs, 12 s).
// Each is far above what a document the editor can hold needs (a body is at most 1,000,000
// characters, the editor indents lists 8 levels and nests no quotes), and the most a file within
// them costs stays well inside a worker's default 1,024 MB heap: docs/performance-notes.md
// "Conversions" has the measurements.

/** Lists and quotes nested in Markdown (marked recurses once per level, re-reading what is left each time). */
export const MAX_MARKDOWN_NESTING = 100;

/**
 * Emphasis (`*`, `_`) and strikethrough (`~`) nested inside one another in Markdown. marked reads
 * each level by recursing over all the text inside it, masking it again each time: `*` ×k + `x` +
 * `*` ×k nests k/2 deep, so its cost grows with the square of k (k = 40,000, 80 KB, took 37 s) and
 * past about 1,500 levels it runs out of stack. Written text nests them two or three deep (`***a***`
 * is two); no upgrade of marked fixes it (18.2.1 is the latest; markedjs/marked#4099, fixed in
 * 18.x, was the different case of unmatched delimiters).
 */
export const MAX_MARKDOWN_EMPHASIS_NESTING = 50;

/** Blocks in one Markdown file: paragraphs, headings, code blocks, tables, list items and the blocks inside them, quotes. */
export const MAX_MARKDOWN_BLOCKS = 200_000;

/** Elements in one HTML file, or in the HTML a Markdown or Word file becomes (about 1.5 KB each while converted). */
export const MAX_HTML_ELEMENTS = 200_000;

/** How deep elements nest (the converter's walks recurse per level); Blink's HTML parser stops nesting at 512 too. */
export const MAX_HTML_NESTING = 512;

/**
 * Elements in markup only the jsdom path converts (inline styles, Word's and Google Docs' own
 * HTML, formulas: html-to-delta.ts), whose cost grows with the square of a parent's children:
 * 20,000 took 24 s and 330 MB, 40,000 50 s and 750 MB, 100,000 five minutes and 3 GB.
 */
export const MAX_SLOW_HTML_ELEMENTS = 20_000;

/** What a .docx's XML parts (its text and formatting, not its pictures) may unpack to. */
export const MAX_DOCX_XML_BYTES = 64 * 1024 * 1024;

/** Elements in a .docx's XML parts (mammoth holds about 1 KB per element while it reads them). */
export const MAX_DOCX_XML_ELEMENTS = 500_000;

const count = (value: number) => value.toLocaleString("en");

export const tooDeepMarkdown = (): UnreadableFileError =>
  overLimitError(`It could not be imported: lists and quotes may be nested at most ${MAX_MARKDOWN_NESTING} deep, and this file nests them deeper.`);

export const tooDeepMarkdownEmphasis = (): UnreadableFileError =>
  overLimitError(
    `It could not be imported: emphasis (*, _ and ~ around text) may be nested at most ${MAX_MARKDOWN_EMPHASIS_NESTING} deep, and this file nests it deeper (a long run of *, _ or ~ on both sides of a word does so).`,
  );

export const tooManyMarkdownBlocks = (): UnreadableFileError =>
  overLimitError(`It could not be imported: a Markdown file may have at most ${count(MAX_MARKDOWN_BLOCKS)} blocks (paragraphs, headings, list items, …), and this one has more.`);

export const tooDeepHtml = (): UnreadableFileError =>
  overLimitError(`It could not be imported: its elements may be nested at most ${MAX_HTML_NESTING} deep, and this file nests them deeper.`);

export const tooManyHtmlElements = (): UnreadableFileError =>
  overLimitError(`It could not be imported: its HTML may have at most ${count(MAX_HTML_ELEMENTS)} elements, and this file has more.`);

export const tooManySlowHtmlElements = (elements: number): UnreadableFileError =>
  overLimitError(
    `It could not be imported: HTML with inline styles or another editor's markup may have at most ${count(MAX_SLOW_HTML_ELEMENTS)} elements, and this file has ${count(elements)}.`,
  );

export const tooLargeDocxXml = (bytes: number): UnreadableFileError =>
  overLimitError(`It could not be imported: a Word document's text and formatting may unpack to at most ${count(MAX_DOCX_XML_BYTES / 1024 / 1024)} MB, and this one's unpack to ${count(Math.ceil(bytes / 1024 / 1024))} MB.`);

export const tooManyDocxXmlElements = (elements: number): UnreadableFileError =>
  overLimitError(`It could not be imported: a Word document may have at most ${count(MAX_DOCX_XML_ELEMENTS)} XML elements of text and formatting, and this one has ${count(elements)}.`);

/** A table past docs/product.md "Validation"'s limits, `problem` saying which (tableSizeProblem's sentence). */
export const tooLargeTable = (problem: string): UnreadableFileError =>
  overLimitError(`It could not be imported: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`);
