import { codeBlockLanguage } from "./code-languages";
import { normalizeUrl } from "./normalize-url";
import { normalizeTables } from "@/shared/table-html";

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
  normalizeTables(root);
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
