import { FORMULA_MARKER_CLASS, REMOTE_IMAGE_MARKER_CLASS, isCodeStyleName } from "@/server/formats/docx-styles";
import { wrapTabs } from "@/server/body/pre-whitespace";
import { finishRunFormats, formatRun, readRun } from "./docx-run-formats";
import type { RunPlace } from "./docx-run-formats";
import type { MammothElement } from "./mammoth-element";

/**
 * mammoth's HTML of a Word document (docx-to-delta.ts), finished into what the import reads as
 * the editor's own structures (docs/architecture.md "Import"). mammoth writes its HTML itself,
 * text and attributes escaped, one shape per construct, so these are plain rewrites of it:
 * - a code block's last line ends with a newline, so an empty last line survives (a `<pre>`'s
 *   last "\n" ends its last line, prepare-html.ts);
 * - a formula run (docx-styles.ts) becomes the editor's formula, its text the TeX;
 * - a remote image's link (the "Remote Image" style, docx-styles.ts) becomes the image, its alt
 *   read from the link's text "[alt: address]" ("image" is none, as the export writes it);
 * - a run's colour, background, font and size become the editor's markup (docx-run-formats.ts);
 * - an empty paragraph, heading or list item holds a `<br>`, as the editor's empty lines do;
 * - a tab is in a white-space: pre span (body/pre-whitespace.ts), which the import keeps;
 * - a list item or paragraph that starts with a checkbox (a Word checkbox content control, which
 *   mammoth writes as `<input type="checkbox">`, or a typed ☐ ☑ ☒) is a check-list item, ticked
 *   or not, without the box.
 */
export function finishDocxHtml(html: string): string {
  return finishRunFormats(html)
    .replace(/<\/pre>/g, "\n</pre>")
    .replace(REMOTE_IMAGE, (_whole, href: string, label: string) => remoteImage(href, label))
    .replace(FORMULA, (_whole, inner: string) => `<span class="ql-formula" data-value="${escapeAttribute(decodeText(inner.replace(/<[^>]*>/g, "")))}"></span>`)
    .replace(CHECKED_ITEM, (_whole, input: string | undefined, checked: string | undefined, glyph: string | undefined) => `<li data-list="${isTicked(input, checked, glyph) ? "checked" : "unchecked"}">`)
    .replace(CHECKED_PARAGRAPH, (_whole, input: string | undefined, checked: string | undefined, glyph: string | undefined, content: string) => {
      return `<ul><li data-list="${isTicked(input, checked, glyph) ? "checked" : "unchecked"}">${content}</li></ul>`;
    })
    // After the check lists, so an empty item is one too, and the box reads the tab after it first.
    .replace(EMPTY_LINE, "<$1$2><br></$1>")
    // Word's tabs (mammoth writes a w:tab as one) in text, never in an attribute: the import keeps them there.
    .replace(/(<[^>]*>)|\t+/g, (whole, tag?: string) => tag ?? wrapTabs(whole));
}

// An empty paragraph, heading or list item (mammoth keeps them: docx-to-delta.ts), as the editor
// writes an empty line: the clipboard reads a line with nothing in it as no line at all.
const EMPTY_LINE = /<(p|h[1-6]|li)(\s[^>]*)?><\/\1>/g;

const REMOTE_IMAGE = new RegExp(`<a href="([^"]*)"><span class="${REMOTE_IMAGE_MARKER_CLASS}">((?:(?!</span>)[\\s\\S])*)</span></a>`, "g");

function remoteImage(href: string, label: string): string {
  const address = decodeText(href);
  const text = decodeText(label.replace(/<[^>]*>/g, ""));
  const suffix = `: ${address}]`;
  const alt = text.startsWith("[") && text.endsWith(suffix) ? text.slice(1, -suffix.length) : "";
  return `<img src="${escapeAttribute(address)}"${alt && alt !== "image" ? ` alt="${escapeAttribute(alt)}"` : ""}>`;
}

const FORMULA = new RegExp(`<span class="${FORMULA_MARKER_CLASS}">((?:(?!</span>)[\\s\\S])*)</span>`, "g");
// The box, then at most one space or tab (the export writes one space after it).
const BOX = `(?:(<input type="checkbox"( checked="checked")? />)|([\u2610\u2611\u2612]))[ \\t\u00a0]?`;
const CHECKED_ITEM = new RegExp(`<li>${BOX}`, "g");
const CHECKED_PARAGRAPH = new RegExp(`<p>${BOX}((?:(?!</p>)[\\s\\S])*)</p>`, "g");

function isTicked(input: string | undefined, checked: string | undefined, glyph: string | undefined): boolean {
  return input ? checked !== undefined : glyph !== "\u2610";
}

function decodeText(text: string): string {
  return text.replace(/&(lt|gt|quot|amp|#(\d+)|#x([0-9a-f]+));/gi, (_whole, name: string, decimal?: string, hex?: string) => {
    if (decimal) return String.fromCodePoint(Number(decimal));
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    return ({ lt: "<", gt: ">", quot: '"', amp: "&" } as Record<string, string>)[name.toLowerCase()] ?? "";
  });
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * mammoth's `transformDocument`, for what its HTML would lose:
 * - an empty line of a code block (an empty paragraph in a code style) gets a line break, since
 *   mammoth leaves empty paragraphs out and the block would lose the line; the break writes
 *   `<br />` inside the `<pre>`, which prepare-html.ts reads as nothing (a `<pre>`'s text), so
 *   the line is empty again;
 * - a table is split before each header row that is not at its top (Word's "repeat as header
 *   row" mark, which the export sets on every header row), since mammoth makes only the top ones
 *   header cells; the editor holds a table as its run of rows, so the pieces are one table again;
 * - a run with a colour, background, font or size is wrapped for finishDocxHtml (docx-run-formats.ts).
 */
export function transformDocx(element: MammothElement): MammothElement {
  return transformIn(element, { inCode: false, inLink: false });
}

function transformIn(element: MammothElement, outer: RunPlace): MammothElement {
  const place = {
    inCode: outer.inCode || (element.type === "paragraph" && isCodeStyleName(element.styleName)),
    inLink: outer.inLink || element.type === "hyperlink",
  };
  let kept = element;
  let formats;
  if (element.type === "run") ({ run: kept, formats } = readRun(element, place));
  const children = kept.children?.flatMap((child) => (child.type === "table" ? splitAtHeaderRows(child) : [child])).map((child) => transformIn(child, place));
  if (children) kept = { ...kept, children };
  if (formats) return formatRun(kept, formats);
  if (kept.type !== "paragraph" || !isCodeStyleName(kept.styleName) || hasContent(kept)) return kept;
  return { ...kept, children: [...(kept.children ?? []), { type: "break", breakType: "line" }] };
}

function splitAtHeaderRows(table: MammothElement): MammothElement[] {
  const rows = table.children ?? [];
  const pieces: MammothElement[][] = [];
  rows.forEach((row, index) => {
    const startsHead = row.type === "tableRow" && row.isHeader === true && !(rows[index - 1]?.isHeader === true);
    if (index === 0 || startsHead) pieces.push([]);
    pieces.at(-1)?.push(row);
  });
  return pieces.length <= 1 ? [table] : pieces.map((piece) => ({ ...table, children: piece }));
}

function hasContent(element: MammothElement): boolean {
  return (element.children ?? []).some((child) => (child.type === "text" ? (child.value ?? "") !== "" : child.type !== "run" && child.type !== "hyperlink") || hasContent(child));
}
