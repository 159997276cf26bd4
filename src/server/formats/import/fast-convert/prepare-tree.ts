import { codeBlockLanguage } from "@/server/formats/import/code-languages";
import { normalizeUrl } from "@/server/formats/import/normalize-url";
import { clampSpan, HEADER_CELL_ATTRIBUTE, isHeaderCellOf, LEADING_SPACE, oweRowspan, TRAILING_SPACE } from "@/shared/table-html";
import type { TreeChild, TreeElement, TreeFragment } from "./html-tree";
import {
  appendChild, closest, createElement, createText, elementChildren, elementsUnder, getAttribute, hasClass, insertAfter,
  insertBefore, isElement, isText, parentElement, remove, removeAttribute, replaceWith, setAttribute, setTextContent, textContent,
} from "./html-tree";

// prepare-html.ts's DROPPED, as tag names (every element left after parsing a template's content
// is HTML but those under <svg> and <math>, which are dropped with them).
const DROPPED = new Set(["script", "style", "noscript", "template", "iframe", "frame", "frameset", "object", "embed", "applet", "head", "title", "meta", "link", "base", "svg", "math", "canvas", "audio", "video", "form", "select", "button", "input", "textarea"]);
const BLOCKS = ["p", "div", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table", "br"];
const CELL_BLOCKS = new Set(["p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre"]);
const INLINE_ONLY = new Set(["p", "div", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre"]);

/**
 * prepareHtml (prepare-html.ts) on parse5's tree: the same passes in the same order, each over
 * the elements its selector matches in document order, so the tree ends as jsdom's would. What
 * it does not reproduce returns false and the caller takes the jsdom path: a table inside a
 * table's cell (flattenTable), and tag or attribute names with a colon (see below).
 */
export function prepareTree(root: TreeFragment): boolean {
  // jsdom's selector engine takes a prefixed name as its local part ("template" matches
  // <xsl:template>); names with a colon are left to it.
  if (elementsUnder(root, (e) => e.tagName.includes(":") || e.attrs.some((attribute) => attribute.name.includes(":"))).length > 0) return false;
  for (const element of elementsUnder(root, (e) => DROPPED.has(e.tagName))) remove(element);
  // Only <svg> and <math> hold other namespaces, and they are gone: every selector below is
  // on HTML elements, whose tag names parse5 gives lower-cased.
  for (const element of elementsUnder(root, (e) => e.tagName === "del" || e.tagName === "strike")) rename(element, "s");
  for (const element of elementsUnder(root, (e) => e.tagName === "h4" || e.tagName === "h5" || e.tagName === "h6")) rename(element, "h3");
  for (const container of elementsUnder(root, (e) => hasClass(e, "ql-code-block-container"))) {
    const lines = elementsUnder(container, (e) => hasClass(e, "ql-code-block"));
    const pre = createElement("pre");
    setAttribute(pre, "data-language", codeBlockLanguage(lines[0] ? getAttribute(lines[0], "data-language") : undefined));
    setTextContent(pre, lines.map((line) => `${textContent(line).replace(/\uFEFF/g, "")}\n`).join(""));
    replaceWith(container, pre);
  }
  for (const pre of elementsUnder(root, (e) => e.tagName === "pre")) {
    const code = elementsUnder(pre, (e) => e.tagName === "code")[0];
    const fromClass = /(?:^|\s)(?:language|lang)-([^\s]+)/.exec((code ? getAttribute(code, "class") : null) ?? getAttribute(pre, "class") ?? "")?.[1];
    const language = codeBlockLanguage(getAttribute(pre, "data-language") ?? fromClass);
    setTextContent(pre, `\n${textContent(pre)}`);
    setAttribute(pre, "data-language", language);
  }
  for (const link of elementsUnder(root, (e) => e.tagName === "a" && getAttribute(e, "href") !== null)) {
    setAttribute(link, "href", normalizeUrl(getAttribute(link, "href") ?? "") || "#");
  }
  for (const image of elementsUnder(root, (e) => e.tagName === "img")) {
    const src = getAttribute(image, "src");
    if (src !== null) setAttribute(image, "src", normalizeUrl(src));
    if (getAttribute(image, "alt") === "") removeAttribute(image, "alt");
  }
  if (!normalizeTables(root)) return false;
  for (const nested of elementsUnder(root, (e) => (e.tagName === "ul" || e.tagName === "ol") && parentElement(e)?.tagName === "li")) breakBefore(nested);
  // prepareHtml's last pass (check boxes in list items) finds nothing: <input> is in DROPPED.
  return true;
}

function rename(element: TreeElement, tagName: string): void {
  const replacement = createElement(tagName);
  while (element.childNodes[0]) appendChild(replacement, element.childNodes[0]);
  replaceWith(element, replacement);
}

function breakBefore(list: TreeElement): void {
  const siblings = () => list.parentNode?.childNodes ?? [];
  let previous: TreeChild | undefined = siblings()[siblings().indexOf(list) - 1];
  while (previous && isText(previous) && !previous.value.trim()) {
    const gap = previous;
    previous = siblings()[siblings().indexOf(gap) - 1];
    remove(gap);
  }
  if (!previous || !isElement(previous) || BLOCKS.includes(previous.tagName)) return;
  insertBefore(list, createElement("br"));
}

// shared/table-html.ts normalizeTables, for the import (flattenOversized off): its count of
// merged cells is only returned, never acted on, so it is not reproduced.
function normalizeTables(root: TreeFragment): boolean {
  const tables = elementsUnder(root, (e) => e.tagName === "table").reverse();
  if (tables.some((table) => closest(parentElement(table), isCell))) return false;
  for (const table of tables) normalizeTable(table);
  return true;
}

function isCell(element: TreeElement): boolean {
  return element.tagName === "td" || element.tagName === "th";
}

function normalizeTable(table: TreeElement): void {
  const rows = elementsUnder(table, (e) => e.tagName === "tr").filter((row) => closest(row, (e) => e.tagName === "table") === table);
  const owed = new Map<number, number[]>();
  const body = createElement("tbody");
  rows.forEach((row, rowIndex) => {
    const tr = createElement("tr");
    if (parentElement(row)?.tagName === "thead") setAttribute(tr, "data-head", "");
    let column = 0;
    const cells = elementChildren(row).filter(isCell);
    const pending = owed.get(rowIndex) ?? [];
    const takeOwed = () => {
      while (pending.includes(column)) {
        appendChild(tr, createElement("td"));
        column += 1;
      }
    };
    for (const cell of cells) {
      takeOwed();
      const span = clampSpan(getAttribute(cell, "colspan"));
      const down = clampSpan(getAttribute(cell, "rowspan"));
      const kept = createElement(isHeaderCellOf(cell.tagName, getAttribute(cell, HEADER_CELL_ATTRIBUTE)) ? "th" : cell.tagName);
      for (const block of elementsUnder(cell, (e) => CELL_BLOCKS.has(e.tagName))) insertAfter(block, createText(" "));
      for (const child of [...cell.childNodes]) appendInlineOnly(kept, child);
      if (!textContent(kept).trim() && elementsUnder(kept, (e) => e.tagName === "img").length === 0) {
        for (const child of [...kept.childNodes]) remove(child);
      }
      if (kept.tagName === "th") trimHeaderCell(kept);
      appendChild(tr, kept);
      for (let extra = 1; extra < span; extra += 1) appendChild(tr, createElement(kept.tagName));
      oweRowspan(owed, { rowIndex, column, span, down });
      column += span;
    }
    takeOwed();
    if (elementChildren(tr).length > 0) appendChild(body, tr);
  });
  const replacement = createElement("table");
  const head = elementChildren(body).filter((tr) => getAttribute(tr, "data-head") !== null);
  if (head.length > 0) {
    const thead = createElement("thead");
    for (const tr of head) {
      removeAttribute(tr, "data-head");
      appendChild(thead, tr);
    }
    appendChild(replacement, thead);
  }
  appendChild(replacement, body);
  replaceWith(table, replacement);
}

// shared/table-html.ts trimHeaderCell: the whitespace at a header cell's edges, in its own text nodes.
function trimHeaderCell(cell: TreeElement): void {
  for (let node = cell.childNodes[0]; node && isText(node); node = cell.childNodes[0]) {
    node.value = node.value.replace(LEADING_SPACE, "");
    if (node.value) break;
    remove(node);
  }
  for (let node = cell.childNodes.at(-1); node && isText(node); node = cell.childNodes.at(-1)) {
    node.value = node.value.replace(TRAILING_SPACE, "");
    if (node.value) break;
    remove(node);
  }
}

// inlineOnly: a block's children take its place, recursively (the fragment it builds is
// appended whole, so the result is the same sequence of nodes).
function appendInlineOnly(parent: TreeElement, node: TreeChild): void {
  if (!isElement(node) || !INLINE_ONLY.has(node.tagName)) {
    appendChild(parent, node);
    return;
  }
  for (const child of [...node.childNodes]) appendInlineOnly(parent, child);
}
