import type { DefaultTreeAdapterTypes } from "parse5";
import { defaultTreeAdapter, html, parse, parseFragment, serialize } from "parse5";

/**
 * Markup as parse5's plain tree (the parser jsdom itself runs, without jsdom's wrappers: ~15 ms
 * for 150 KB where jsdom takes ~200), and the few DOM operations prepare-tree.ts needs on it,
 * each doing what the DOM method of the same name does.
 */
export type TreeNode = DefaultTreeAdapterTypes.Node;
export type TreeParent = DefaultTreeAdapterTypes.ParentNode;
export type TreeChild = DefaultTreeAdapterTypes.ChildNode;
export type TreeElement = DefaultTreeAdapterTypes.Element;
export type TreeText = DefaultTreeAdapterTypes.TextNode;
export type TreeFragment = DefaultTreeAdapterTypes.DocumentFragment;

/**
 * parse5's own tree, built as jsdom's adapter builds its DOM (jsdom/lib/jsdom/browser/parser/
 * html.js): text the parser moves out of a table ("foster parenting") joins a text node right
 * before the table, else jsdom appends it at the end of the table's parent (`_append` ignores
 * the reference node), not before the table as parse5's default adapter (and the spec) does.
 */
export const jsdomLikeAdapter: typeof defaultTreeAdapter = {
  ...defaultTreeAdapter,
  insertTextBefore(parentNode, text, referenceNode) {
    const previous = parentNode.childNodes[parentNode.childNodes.indexOf(referenceNode) - 1];
    if (previous && isText(previous)) previous.value += text;
    else defaultTreeAdapter.appendChild(parentNode, defaultTreeAdapter.createTextNode(text));
  },
};

/**
 * `template.innerHTML = markup` in the Quill host's window: the fragment parsing algorithm with a
 * `<template>` as context, scripting on (jsdom's window parses with scripting enabled, so a
 * `<noscript>`'s content is text). `treeAdapter` is jsdomLikeAdapter, or one wrapping it.
 */
export function parseTemplateContent(markup: string, treeAdapter: typeof defaultTreeAdapter = jsdomLikeAdapter): TreeFragment {
  const context = defaultTreeAdapter.createElement("template", html.NS.HTML, []);
  return parseFragment(context, markup, { scriptingEnabled: true, treeAdapter });
}

/** `template.innerHTML` (jsdom serialises HTML with parse5's serialiser). */
export function serializeChildren(parent: TreeParent): string {
  return serialize(parent, { scriptingEnabled: true });
}

/**
 * The `<body>` of `new DOMParser().parseFromString(markup, "text/html")` in the Quill host's
 * window (a DOMParser document parses with scripting disabled), and its root element.
 */
export function parseDocument(markup: string): { root: TreeElement; body: TreeElement } | null {
  const document = parse(markup, { scriptingEnabled: false, treeAdapter: jsdomLikeAdapter });
  const root = document.childNodes.find(isElement);
  const body = root?.childNodes.find((node): node is TreeElement => isElement(node) && node.tagName === "body");
  return root && body ? { root, body } : null;
}

export function isElement(node: TreeNode): node is TreeElement {
  return "tagName" in node;
}

export function isText(node: TreeNode): node is TreeText {
  return node.nodeName === "#text";
}

export function isHtml(element: TreeElement): boolean {
  return element.namespaceURI === html.NS.HTML;
}

export function createElement(tagName: string): TreeElement {
  return defaultTreeAdapter.createElement(tagName, html.NS.HTML, []);
}

export function createText(value: string): TreeText {
  return { nodeName: "#text", value, parentNode: null };
}

export function getAttribute(element: TreeElement, name: string): string | null {
  for (const attribute of element.attrs) if (attribute.name === name && !attribute.namespace) return attribute.value;
  return null;
}

/** Changes the attribute where it is, or adds it last, as setAttribute does. */
export function setAttribute(element: TreeElement, name: string, value: string): void {
  const existing = element.attrs.find((attribute) => attribute.name === name && !attribute.namespace);
  if (existing) existing.value = value;
  else element.attrs.push({ name, value });
}

export function removeAttribute(element: TreeElement, name: string): void {
  element.attrs = element.attrs.filter((attribute) => attribute.name !== name || Boolean(attribute.namespace));
}

/** The element's class names, split on ASCII whitespace as classList does. */
export function hasClass(element: TreeElement, name: string): boolean {
  return (getAttribute(element, "class") ?? "").split(/[\t\n\f\r ]+/).includes(name);
}

/** Every element under `root` in document order (not inside a template's content, as querySelectorAll). */
export function elementsUnder(root: TreeParent, test: (element: TreeElement) => boolean): TreeElement[] {
  const found: TreeElement[] = [];
  const visit = (parent: TreeParent) => {
    for (const child of parent.childNodes) {
      if (!isElement(child)) continue;
      if (test(child)) found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

export function textContent(node: TreeNode): string {
  if (isText(node)) return node.value;
  if (!("childNodes" in node)) return "";
  let text = "";
  for (const child of node.childNodes) if (isText(child) || "childNodes" in child) text += textContent(child);
  return text;
}

/** Replaces the children with one text node (none when empty), as setting textContent does. */
export function setTextContent(element: TreeElement, value: string): void {
  for (const child of element.childNodes) child.parentNode = null;
  element.childNodes = [];
  if (value !== "") appendChild(element, createText(value));
}

export function remove(node: TreeChild): void {
  const parent = node.parentNode;
  if (!parent) return;
  parent.childNodes.splice(parent.childNodes.indexOf(node), 1);
  node.parentNode = null;
}

export function appendChild(parent: TreeParent, node: TreeChild): void {
  remove(node);
  parent.childNodes.push(node);
  node.parentNode = parent;
}

/** Puts `nodes` where `node` is, in order, and takes `node` out (replaceWith). */
export function replaceWith(node: TreeChild, ...nodes: TreeChild[]): void {
  const parent = node.parentNode;
  if (!parent) return;
  for (const replacement of nodes) remove(replacement);
  parent.childNodes.splice(parent.childNodes.indexOf(node), 1, ...nodes);
  for (const replacement of nodes) replacement.parentNode = parent;
  node.parentNode = null;
}

export function insertBefore(node: TreeChild, inserted: TreeChild): void {
  const parent = node.parentNode;
  if (!parent) return;
  remove(inserted);
  parent.childNodes.splice(parent.childNodes.indexOf(node), 0, inserted);
  inserted.parentNode = parent;
}

export function insertAfter(node: TreeChild, inserted: TreeChild): void {
  const parent = node.parentNode;
  if (!parent) return;
  remove(inserted);
  parent.childNodes.splice(parent.childNodes.indexOf(node) + 1, 0, inserted);
  inserted.parentNode = parent;
}

export function parentElement(node: TreeNode): TreeElement | null {
  const parent = "parentNode" in node ? node.parentNode : null;
  return parent && isElement(parent) ? parent : null;
}

/** The nearest of the node and its ancestors that passes `test` (closest). */
export function closest(element: TreeElement | null, test: (element: TreeElement) => boolean): TreeElement | null {
  for (let current = element; current; current = parentElement(current)) if (test(current)) return current;
  return null;
}

export function elementChildren(parent: TreeParent): TreeElement[] {
  return parent.childNodes.filter(isElement);
}
