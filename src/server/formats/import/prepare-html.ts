import { codeBlockLanguage } from "./code-languages";

// Elements whose content is never document text: scripts, styles, embedded documents, forms.
const DROPPED = "script, style, noscript, template, iframe, frame, frameset, object, embed, applet, head, title, meta, link, base, svg, math, canvas, audio, video, form, select, button, input, textarea";

/**
 * Rewrites imported markup in place into what Quill's clipboard maps well, inside an inert
 * `<template>` (nothing in it runs or loads): drops scripts, styles, embeds and forms, maps
 * `<del>` to strike, levels 4–6 headings to level 3 (the editor has three), each table row to
 * one paragraph of its cells joined by " | " (the editor has no tables), Quill's own code-block
 * markup and `<pre><code class="language-x">` to `<pre data-language>` with the editor's
 * language names (whitespace kept), and check-list items written GitHub's way to `data-list`.
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
    pre.textContent = lines.map((line) => (line.textContent ?? "").replace(/\uFEFF/g, "")).join("\n");
    container.replaceWith(pre);
  }
  for (const pre of Array.from(root.querySelectorAll("pre"))) {
    const code = pre.querySelector("code");
    const fromClass = /(?:^|\s)(?:language|lang)-([^\s]+)/.exec(code?.getAttribute("class") ?? pre.getAttribute("class") ?? "")?.[1];
    const language = codeBlockLanguage(pre.getAttribute("data-language") ?? fromClass);
    const text = pre.textContent ?? "";
    pre.textContent = text.endsWith("\n") ? text.slice(0, -1) : text;
    pre.setAttribute("data-language", language);
  }
  for (const table of Array.from(root.querySelectorAll("table")).reverse()) flattenTable(table);
  for (const box of Array.from(root.querySelectorAll("li > input[type=checkbox], li > p:first-child > input[type=checkbox]"))) {
    box.closest("li")?.setAttribute("data-list", box.hasAttribute("checked") ? "checked" : "unchecked");
    box.remove();
  }
}

function rename(element: Element, tag: string): void {
  const replacement = element.ownerDocument.createElement(tag);
  while (element.firstChild) replacement.appendChild(element.firstChild);
  element.replaceWith(replacement);
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
