import { codeBlockLanguage } from "./code-languages";
import { normalizeUrl } from "./normalize-url";

// Elements whose content is never document text: scripts, styles, embedded documents, forms.
const DROPPED = "script, style, noscript, template, iframe, frame, frameset, object, embed, applet, head, title, meta, link, base, svg, math, canvas, audio, video, form, select, button, input, textarea";

/**
 * Rewrites imported markup in place into what Quill's clipboard maps well, inside an inert
 * `<template>` (nothing in it runs or loads): drops scripts, styles, embeds and forms, maps
 * `<del>` to strike, levels 4–6 headings to level 3 (the editor has three), tables to plain
 * grids of one-line cells (normalizeTable), Quill's own code-block
 * markup and `<pre><code class="language-x">` to `<pre data-language>` with the editor's
 * language names (whitespace and blank lines kept), check-list items written GitHub's way to
 * `data-list`, ends an item's line before its nested list; percent-encodes link and image addresses as CommonMark does (normalizeUrl), makes
 * an empty link address `#` and drops empty `alt`s.
 */
export function prepareHtml(template: HTMLTemplateElement): void {
  const root = template.content;
  const document = template.ownerDocument;
  for (const element of Array.from(root.querySelectorAll(DROPPED))) element.remove();
  for (const element of Array.from(root.querySelectorAll("del, strike"))) rename(element, "s");
  for (const element of Array.from(root.querySelectorAll("h4, h5, h6"))) rename(element, "h3");
  for (const container of Array.from(root.querySelectorAll(".ql-code-block-container"))) {
    const lines = Array.from(container.querySelectorAll(".ql-code-block"));
    const pre = document.createElement("pre");
    pre.setAttribute("data-language", codeBlockLanguage(lines[0]?.getAttribute("data-language")));
    // Each line ends with a newline, as in a <pre> of CommonMark's: Quill takes a last "\n" as
    // the end of the last line, so a last line left empty survives.
    pre.textContent = lines.map((line) => `${(line.textContent ?? "").replace(/\uFEFF/g, "")}\n`).join("");
    container.replaceWith(pre);
  }
  for (const pre of Array.from(root.querySelectorAll("pre"))) {
    const code = pre.querySelector("code");
    const fromClass = /(?:^|\s)(?:language|lang)-([^\s]+)/.exec(code?.getAttribute("class") ?? pre.getAttribute("class") ?? "")?.[1];
    const language = codeBlockLanguage(pre.getAttribute("data-language") ?? fromClass);
    // The markup is serialised and parsed again (Quill's clipboard), and a parser drops a newline
    // right after <pre>: one is added here, so a first line left empty survives.
    pre.textContent = `\n${pre.textContent ?? ""}`;
    pre.setAttribute("data-language", language);
  }
  for (const link of Array.from(root.querySelectorAll("a[href]"))) {
    // An empty address is this page; the editor drops a link whose address is empty, so it is "#".
    link.setAttribute("href", normalizeUrl(link.getAttribute("href") ?? "") || "#");
  }
  for (const image of Array.from(root.querySelectorAll("img"))) {
    const src = image.getAttribute("src");
    if (src !== null) image.setAttribute("src", normalizeUrl(src));
    // An empty alt is no alt: the editor's own images have none.
    if (image.getAttribute("alt") === "") image.removeAttribute("alt");
  }
  // Innermost first: a table inside a cell is flattened into that cell's text.
  for (const table of Array.from(root.querySelectorAll("table")).reverse()) {
    if (table.parentElement?.closest("td, th")) flattenTable(table);
    else normalizeTable(table);
  }
  for (const nested of Array.from(root.querySelectorAll("li > ul, li > ol"))) breakBefore(nested);
  for (const box of Array.from(root.querySelectorAll("li > input[type=checkbox], li > p:first-child > input[type=checkbox]"))) {
    box.closest("li")?.setAttribute("data-list", box.hasAttribute("checked") ? "checked" : "unchecked");
    box.remove();
  }
}

// Quill's clipboard ends an item's line before a nested list only when text comes right before
// it: after an image, a formula or formatted text the item and its sublist would merge into one
// line. The whitespace between (a newline in CommonMark's HTML) is dropped, else it would stay
// as a space at the end of the item.
function breakBefore(list: Element): void {
  let previous = list.previousSibling;
  while (previous && previous.nodeType === 3 && !previous.textContent?.trim()) {
    const gap = previous;
    previous = previous.previousSibling;
    gap.remove();
  }
  if (!previous || previous.nodeType !== 1 || BLOCKS.includes((previous as Element).localName)) return;
  list.before(list.ownerDocument.createElement("br"));
}

const BLOCKS = ["p", "div", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table", "br"];

function rename(element: Element, tag: string): void {
  const replacement = element.ownerDocument.createElement(tag);
  while (element.firstChild) replacement.appendChild(element.firstChild);
  element.replaceWith(replacement);
}

/**
 * A table as the editor holds one (shared/table-rules.ts): rows of cells, each cell one line.
 * Merged cells (colspan, rowspan) become plain cells, the text in the first and the others
 * empty; blocks inside a cell (paragraphs, lists, breaks) become spaces, since a cell is one
 * line. Header cells stay `<th>` (tablePasteMatchers makes their row a header row).
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
      const kept = document.createElement(cell.localName);
      for (const block of Array.from(cell.querySelectorAll("p, div, br, li, h1, h2, h3, h4, h5, h6, blockquote, pre"))) block.after(document.createTextNode(" "));
      for (const child of Array.from(cell.childNodes)) kept.appendChild(inlineOnly(child));
      if (!kept.textContent?.trim() && !kept.querySelector("img")) kept.replaceChildren();
      tr.appendChild(kept);
      for (let extra = 1; extra < span; extra += 1) tr.appendChild(document.createElement(cell.localName));
      for (let below = 1; below < down; below += 1) {
        const list = owed.get(rowIndex + below) ?? [];
        for (let c = column; c < column + span; c += 1) list.push(c);
        owed.set(rowIndex + below, list);
      }
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

// A span as written, within what a table may hold (shared/table-rules.ts refuses more later).
function clampSpan(value: string | null): number {
  const span = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(span) && span > 1 ? Math.min(span, 1000) : 1;
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
      const isHeader = cell.localName === "th";
      const holder = isHeader ? document.createElement("strong") : document.createElement("span");
      for (const child of Array.from(cell.childNodes)) holder.appendChild(inlineOnly(child));
      paragraph.appendChild(holder);
    });
    if (cells.length > 0) fragment.appendChild(paragraph);
  }
  table.replaceWith(fragment);
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
