import { MAX_TABLE_CELLS, MAX_TABLE_COLUMNS } from "./table-rules";

/**
 * Tables in pasted or imported markup, made into what the editor holds (shared/table-rules.ts):
 * DOM only, so the editor's paste and the server's import (under jsdom) share it.
 */

/**
 * Every table under `root` made into what the editor holds (normalizeTable), innermost first: a
 * table inside a cell becomes that cell's text, a row per line joined by " | ". Returns whether
 * any cell was merged (colspan, rowspan), so a paste can say that they became plain cells.
 */
export function normalizeTables(root: ParentNode, options: { flattenOversized?: boolean } = {}): { hadMergedCells: boolean; flattened: number } {
  const hadMergedCells = Array.from(root.querySelectorAll("td, th")).some(
    (cell) => clampSpan(cell.getAttribute("colspan")) > 1 || clampSpan(cell.getAttribute("rowspan")) > 1,
  );
  let flattened = 0;
  for (const table of Array.from(root.querySelectorAll("table")).reverse()) {
    if (table.parentElement?.closest("td, th")) flattenTable(table);
    else normalizeTable(table);
  }
  // A paste past the limits (shared/table-rules.ts) stays text, one line per row; an import is
  // refused instead (server/body/table-limits.ts), so it keeps its tables for that check.
  if (options.flattenOversized) {
    for (const table of Array.from(root.querySelectorAll("table"))) {
      const rows = Array.from(table.querySelectorAll("tr"));
      const widest = Math.max(0, ...rows.map((row) => row.children.length));
      const cells = rows.reduce((sum, row) => sum + row.children.length, 0);
      if (widest <= MAX_TABLE_COLUMNS && cells <= MAX_TABLE_CELLS) continue;
      flattenTable(table);
      flattened += 1;
    }
  }
  return { hadMergedCells, flattened };
}

/**
 * A table as the editor holds one (shared/table-rules.ts): rows of cells, each cell one line.
 * Merged cells (colspan, rowspan) become plain cells, the text in the first and the others
 * empty; blocks inside a cell (paragraphs, lists, breaks) become spaces, since a cell is one
 * line. Header cells stay `<th>`, and the editor's own (`<td data-table-header="true">`, as it
 * copies them and the HTML export writes them) become `<th>`: tablePasteMatchers makes a row of
 * them a header row.
 */
function normalizeTable(table: Element): void {
  const document = table.ownerDocument;
  const rows = Array.from(table.querySelectorAll("tr")).filter((row) => row.closest("table") === table);
  // Cells still owed to later rows by a rowspan above: row index → column → count.
  const owed = new Map<number, number[]>();
  const body = document.createElement("tbody");
  rows.forEach((row, rowIndex) => {
    const tr = document.createElement("tr");
    if (row.parentElement?.localName === "thead") tr.setAttribute("data-head", "");
    let column = 0;
    const cells = Array.from(row.children).filter((cell) => cell.localName === "td" || cell.localName === "th");
    const pending = owed.get(rowIndex) ?? [];
    const takeOwed = () => {
      while (pending.includes(column)) {
        tr.appendChild(document.createElement("td"));
        column += 1;
      }
    };
    for (const cell of cells) {
      takeOwed();
      const span = clampSpan(cell.getAttribute("colspan"));
      const down = clampSpan(cell.getAttribute("rowspan"));
      const kept = document.createElement(isHeaderCell(cell) ? "th" : cell.localName);
      for (const block of Array.from(cell.querySelectorAll("p, div, br, li, h1, h2, h3, h4, h5, h6, blockquote, pre"))) block.after(document.createTextNode(" "));
      for (const child of Array.from(cell.childNodes)) kept.appendChild(inlineOnly(child));
      if (!kept.textContent?.trim() && !kept.querySelector("img")) kept.replaceChildren();
      if (kept.localName === "th") trimHeaderCell(kept);
      tr.appendChild(kept);
      for (let extra = 1; extra < span; extra += 1) tr.appendChild(document.createElement(kept.localName));
      oweRowspan(owed, { rowIndex, column, span, down });
      column += span;
    }
    takeOwed();
    if (tr.children.length > 0) body.appendChild(tr);
  });
  const replacement = document.createElement("table");
  const head = Array.from(body.children).filter((tr) => tr.hasAttribute("data-head"));
  if (head.length > 0) {
    const thead = document.createElement("thead");
    for (const tr of head) {
      tr.removeAttribute("data-head");
      thead.appendChild(tr);
    }
    replacement.appendChild(thead);
  }
  replacement.appendChild(body);
  table.replaceWith(replacement);
}

/**
 * Drops the whitespace at a header cell's edges, as Quill's clipboard does at a `<td>`'s
 * (matchText trims a text node that starts or ends a line): it doesn't know `<th>` as a line,
 * so `<th>\n  Name\n</th>` (an indented page) or a cell's paragraph followed by the space added
 * above (a Word table's header row) kept a space. Only the cell's own text nodes, and not
 * U+00A0, as Quill's trim.
 */
function trimHeaderCell(cell: Element): void {
  for (let node = cell.firstChild; node?.nodeType === 3; node = cell.firstChild) {
    node.textContent = (node.textContent ?? "").replace(LEADING_SPACE, "");
    if (node.textContent) break;
    node.remove();
  }
  for (let node = cell.lastChild; node?.nodeType === 3; node = cell.lastChild) {
    node.textContent = (node.textContent ?? "").replace(TRAILING_SPACE, "");
    if (node.textContent) break;
    node.remove();
  }
}

/** Whitespace Quill's clipboard trims at a line's edges: JavaScript's \s but U+00A0 (the import's parse5 copy uses them too). */
export const LEADING_SPACE = /^[^\S\u00a0]+/;
export const TRAILING_SPACE = /[^\S\u00a0]+$/;

/**
 * Records the columns a cell spanning `down` rows takes in the rows below it, so those rows get an
 * empty cell there (`owed`: row index → columns; the import's parse5 copy uses it too).
 */
export function oweRowspan(owed: Map<number, number[]>, cell: { rowIndex: number; column: number; span: number; down: number }): void {
  for (let below = 1; below < cell.down; below += 1) {
    const list = owed.get(cell.rowIndex + below) ?? [];
    for (let c = cell.column; c < cell.column + cell.span; c += 1) list.push(c);
    owed.set(cell.rowIndex + below, list);
  }
}

/**
 * Whether a cell is a header cell: another application's `<th>`, or the editor's own header
 * cell (shared/table-formats.ts), which is a `<td>` marked `data-table-header="true"`.
 */
function isHeaderCell(cell: Element): boolean {
  return isHeaderCellOf(cell.localName, cell.getAttribute(HEADER_CELL_ATTRIBUTE));
}

/** isHeaderCell from a cell's lower-case tag name and its `data-table-header` value (the import's parse5 copy). */
export function isHeaderCellOf(localName: string, headerMark: string | null): boolean {
  return localName === "th" || headerMark === "true";
}

/** The attribute marking the editor's header cells (shared/table-formats.ts writes it). */
export const HEADER_CELL_ATTRIBUTE = "data-table-header";

/** A span as written, within what a table may hold (shared/table-rules.ts refuses more later). */
export function clampSpan(value: string | null): number {
  const span = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(span) && span > 1 ? Math.min(span, 1000) : 1;
}

// Blocks inside a cell would split the row into several lines; keep their inline content.
function inlineOnly(node: Node): Node {
  if (node.nodeType !== 1) return node;
  const element = node as Element;
  if (!["p", "div", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre"].includes(element.localName)) return element;
  const fragment = element.ownerDocument.createDocumentFragment();
  for (const child of Array.from(element.childNodes)) fragment.appendChild(inlineOnly(child));
  return fragment;
}

function flattenTable(table: Element): void {
  const document = table.ownerDocument;
  const fragment = document.createDocumentFragment();
  for (const row of Array.from(table.querySelectorAll("tr"))) {
    const paragraph = document.createElement("p");
    const cells = Array.from(row.children).filter((cell) => cell.localName === "td" || cell.localName === "th");
    cells.forEach((cell, index) => {
      if (index > 0) paragraph.appendChild(document.createTextNode(" | "));
      // Cell content stays inline (bold, links); block breaks inside a cell become spaces.
      for (const block of Array.from(cell.querySelectorAll("p, div, br, li"))) block.after(document.createTextNode(" "));
      const isHeader = isHeaderCell(cell);
      const holder = isHeader ? document.createElement("strong") : document.createElement("span");
      for (const child of Array.from(cell.childNodes)) holder.appendChild(inlineOnly(child));
      paragraph.appendChild(holder);
    });
    if (cells.length > 0) fragment.appendChild(paragraph);
  }
  table.replaceWith(fragment);
}
