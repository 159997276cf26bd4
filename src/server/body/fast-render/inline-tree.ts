import { sanitizeImageUrl, sanitizeLinkUrl } from "@/shared/safe-urls";
import type { MentionValue } from "@/shared/mentions";
import { INLINE_ATTRIBUTORS, type InlineAttributorName, attributorCss, attributorFormat, attributorOfClass, attributorOfStyle } from "./inline-attributors";

/**
 * One line's inline content built as Quill 2 builds it under setContents, without a DOM: a
 * small copy of Parchment's blot operations (insertAt at the line's end, formatAt, isolate,
 * split, wrap, unwrap, the attributor store, optimize), kept to what a line's inline content
 * uses. Why a simulation and not a canonical form: Quill's markup depends on the order the
 * delta's attributes are applied and on how each run lands in the previous one (Block.insertAt
 * appends text into the line's last child, then formats only the difference), so e.g.
 * `{color, bold}` after a bold run renders `<strong style>` while the same run alone renders
 * `<strong><span style>`. Each function names the Parchment/Quill method it mirrors.
 * Differential tests against the Quill host (render-delta-fast.test.ts) hold it to that.
 *
 * Children are a doubly linked list, as Parchment's LinkedList, and every parent keeps its
 * length: a line's runs are appended one by one and each is formatted at the line's end, so the
 * child holding an index is found from whichever end is nearer and every step costs the same
 * however long the line. Parchment finds it from the head, summing lengths all the way; copied
 * as it was, a line of 4,000 bold words cost 17 s (docs/performance-notes.md "Conversions").
 */

/** Inline blots, lowest first (quill/blots/inline.js Inline.order: lower is deeper). */
const ORDER = ["cursor", "inline", "link", "underline", "strike", "italic", "bold", "script", "code"];
const BLOT_TAGS: Readonly<Record<string, string>> = { inline: "span", link: "a", underline: "u", strike: "s", italic: "em", bold: "strong", code: "code" };
/** Inline formats that are blots (wrap their text), as opposed to attributors (style/class). */
export const INLINE_BLOTS: ReadonlySet<string> = new Set(["link", "underline", "strike", "italic", "bold", "script", "code"]);
/** The image embed's own attributes (quill/formats/image.js ATTRIBUTES, in its order). */
const IMAGE_ATTRIBUTES = ["alt", "height", "width"];

export type FormatValue = string | number | boolean | null;

/** A node's place among its siblings (LinkedList's prev and next). */
interface Linked {
  parent: ParentNode | null;
  prev: ChildNode | null;
  next: ChildNode | null;
}

/** Parchment's ParentBlot: children first to last, and their total length kept as they change. */
interface Parent {
  first: ChildNode | null;
  last: ChildNode | null;
  length: number;
}

export interface TextLeaf extends Linked {
  type: "text";
  /** Changed only through setText, which keeps the ancestors' lengths. */
  text: string;
}

export interface EmbedLeaf extends Linked {
  type: "embed";
  kind: "image" | "mention" | "formula";
  /** image: the src given (string) or true; mention: the mention; formula: its TeX. */
  value: string | true | MentionValue;
  /** DOM attributes after the created ones, in order (image alt/height/width). */
  attributes: [string, string][];
}

export interface InlineNode extends Linked, Parent {
  type: "inline";
  name: string;
  /** link: href; script: "sub" | "super"; other blots true; the plain span undefined. */
  value: string | true | undefined;
  /** CSS properties in declaration order (cssstyle keeps the order they were first set). */
  styles: Map<string, string>;
  classes: string[];
  /** "style" and "class" in the order the element gained them (after href, rel, target on a link). */
  domOrder: ("style" | "class")[];
  /** Parchment's AttributorStore keys, in its object's key order. */
  store: InlineAttributorName[];
}

export interface LineNode extends Parent {
  type: "line";
  parent: null;
}

export type ChildNode = TextLeaf | EmbedLeaf | InlineNode;
type ParentNode = InlineNode | LineNode;

export function createLine(): LineNode {
  return { type: "line", first: null, last: null, length: 0, parent: null };
}

/** A text leaf, not yet in a parent. */
export function createText(text: string): TextLeaf {
  return { type: "text", text, parent: null, prev: null, next: null };
}

/** An embed leaf, not yet in a parent. */
export function createEmbed(kind: EmbedLeaf["kind"], value: EmbedLeaf["value"]): EmbedLeaf {
  return { type: "embed", kind, value, attributes: [], parent: null, prev: null, next: null };
}

/** A parent's children, first to last. */
export function childrenOf(parent: InlineNode | LineNode): ChildNode[] {
  const children: ChildNode[] = [];
  for (let child = parent.first; child; child = child.next) children.push(child);
  return children;
}

function nodeLength(node: ChildNode | LineNode): number {
  if (node.type === "text") return node.text.length;
  if (node.type === "embed") return 1;
  return node.length;
}

/** Adds `delta` to the lengths of `parent` and its ancestors. */
function addLength(parent: ParentNode | null, delta: number): void {
  for (let node: ParentNode | null = parent; node; node = node.parent) node.length += delta;
}

function setText(leaf: TextLeaf, text: string): void {
  addLength(leaf.parent, text.length - leaf.text.length);
  leaf.text = text;
}

/** Block.insertAt(end, text) then insertInlineContents' formatting (quill/blots/scroll.js). */
export function appendText(line: LineNode, text: string, attributes: Record<string, FormatValue>): void {
  const index = nodeLength(line);
  const tail = line.last;
  let leaf: TextLeaf;
  if (tail?.type === "text") {
    setText(tail, tail.text + text); // TextBlot.insertAt into the line's last text
    leaf = tail;
  } else if (tail?.type === "inline") {
    leaf = createText(text); // ParentBlot.insertAt past its end appends
    appendChild(tail, leaf);
  } else {
    leaf = createText(text);
    appendChild(line, leaf);
  }
  formatDifference(line, index, text.length, bubbleFormats(leaf), attributes);
}

/** An inline embed: ParentBlot.insertAt past the end appends it to the line, then formats it. */
export function appendEmbed(line: LineNode, embed: EmbedLeaf, attributes: Record<string, FormatValue>): void {
  const index = nodeLength(line);
  appendChild(line, embed);
  formatDifference(line, index, 1, bubbleFormats(embed), attributes);
}

function formatDifference(line: LineNode, index: number, length: number, formats: Record<string, FormatValue>, attributes: Record<string, FormatValue>): void {
  for (const [name, value] of Object.entries(attributeDiff(formats, attributes))) formatAt(line, index, length, name, value);
}

/** quill-delta AttributeMap.diff: keys of a, then of b; a missing one becomes null. */
function attributeDiff(a: Record<string, FormatValue>, b: Record<string, FormatValue>): Record<string, FormatValue> {
  const out: Record<string, FormatValue> = {};
  for (const key of [...Object.keys(a), ...Object.keys(b)]) {
    if (a[key] !== b[key]) out[key] = b[key] === undefined ? null : (b[key] as FormatValue);
  }
  return out;
}

/** quill/blots/block.js bubbleFormats: a leaf's formats and its inline ancestors'. */
function bubbleFormats(leaf: ChildNode): Record<string, FormatValue> {
  let formats: Record<string, FormatValue> = {};
  let node: ChildNode | ParentNode | null = leaf;
  while (node && node.type !== "line") {
    if (node.type === "inline") formats = { ...formats, ...inlineFormats(node) };
    else if (node.type === "embed") formats = { ...formats, ...embedFormats(node) };
    node = node.parent;
  }
  return formats;
}

function embedFormats(embed: EmbedLeaf): Record<string, FormatValue> {
  const formats: Record<string, FormatValue> = {};
  if (embed.kind !== "image") return formats;
  for (const name of IMAGE_ATTRIBUTES) {
    const attribute = embed.attributes.find(([key]) => key === name);
    if (attribute) formats[name] = attribute[1];
  }
  return formats;
}

/** InlineBlot.formats(): the store's values, then the blot's own format. */
export function inlineFormats(node: InlineNode): Record<string, FormatValue> {
  const formats: Record<string, FormatValue> = {};
  for (const name of node.store) formats[name] = storeValue(node, name);
  if (node.value !== undefined) formats[node.name] = node.value;
  return formats;
}

function storeValue(node: InlineNode, name: InlineAttributorName): string {
  const attributor = INLINE_ATTRIBUTORS[name];
  if (attributor.kind === "style") return attributorFormat(name, node.styles.get(attributor.key) ?? "");
  const prefix = `${attributor.key}-`;
  return node.classes.find((c) => c.startsWith(prefix))?.slice(prefix.length) ?? "";
}

function compare(self: string, other: string): number {
  const selfIndex = ORDER.indexOf(self);
  const otherIndex = ORDER.indexOf(other);
  if (selfIndex >= 0 || otherIndex >= 0) return selfIndex - otherIndex;
  return self === other ? 0 : self < other ? -1 : 1;
}

function isAttributor(name: string): name is InlineAttributorName {
  return Object.prototype.hasOwnProperty.call(INLINE_ATTRIBUTORS, name);
}

// ---- formatAt ---------------------------------------------------------------------------

function formatAt(node: ChildNode | LineNode, index: number, length: number, name: string, value: FormatValue): void {
  if (node.type === "line") {
    // Block.formatAt: inline formats apply to the content, never the newline.
    if (length <= 0) return;
    parentFormatAt(node, index, Math.min(length, nodeLength(node) - index), name, value);
  } else if (node.type === "inline") {
    if (compare(node.name, name) < 0 && INLINE_BLOTS.has(name)) {
      // Inline.formatAt: a higher blot wraps this one.
      const blot = isolate(node, index, length);
      if (value) wrap(blot, createInline(name, value));
    } else if (inlineFormats(node)[name] != null || isAttributor(name)) {
      formatInline(isolate(node, index, length) as InlineNode, name, value);
    } else {
      parentFormatAt(node, index, length, name, value);
    }
  } else if (node.type === "embed" && index === 0 && length === 1) {
    formatEmbed(node, name, value);
  } else {
    leafFormatAt(node, index, length, name, value);
  }
}

/** ShadowBlot.formatAt. */
function leafFormatAt(leaf: TextLeaf | EmbedLeaf, index: number, length: number, name: string, value: FormatValue): void {
  const blot = isolate(leaf, index, length);
  if (INLINE_BLOTS.has(name) && value) {
    wrap(blot, createInline(name, value));
  } else if (isAttributor(name)) {
    const span = createInline("inline", true);
    wrap(blot, span);
    formatInline(span, name, value);
  }
}

/** Image.format / EmbedBlot.format. */
function formatEmbed(embed: EmbedLeaf, name: string, value: FormatValue): void {
  if (embed.kind === "image" && IMAGE_ATTRIBUTES.includes(name)) {
    const at = embed.attributes.findIndex(([key]) => key === name);
    if (value) {
      if (at >= 0) embed.attributes[at] = [name, String(value)];
      else embed.attributes.push([name, String(value)]);
    } else if (at >= 0) {
      embed.attributes.splice(at, 1);
    }
    return;
  }
  leafFormatAt(embed, 0, 1, name, value);
}

/** ParentBlot.formatAt through LinkedList.forEachAt. */
function parentFormatAt(parent: ParentNode, index: number, length: number, name: string, value: FormatValue): void {
  forEachAt(parent, index, length, (child, offset, childLength) => formatAt(child, offset, childLength, name, value));
}

/** LinkedList.forEachAt: the next child is taken before the callback runs (it may split). */
function forEachAt(parent: ParentNode, index: number, length: number, callback: (child: ChildNode, offset: number, length: number) => void): void {
  if (length <= 0) return;
  const found = childAt(parent, index);
  if (!found) return;
  const [start, offset] = found;
  let curIndex = index - offset;
  let nextNode: ChildNode | null = start;
  const next = (): ChildNode | null => {
    const current = nextNode;
    if (current) nextNode = current.next;
    return current;
  };
  for (let cur = next(); cur && curIndex < index + length; cur = next()) {
    const curLength = nodeLength(cur);
    if (index > curIndex) callback(cur, index - curIndex, Math.min(length, curIndex + curLength - index));
    else callback(cur, 0, Math.min(curLength, index + length - curIndex));
    curIndex += curLength;
  }
}

/**
 * LinkedList.find: the child holding `index` and the offset in it (children of length 0 hold
 * none), or null past the end. Searched from the nearer end: the lengths add up to the parent's.
 */
function childAt(parent: ParentNode, index: number): [ChildNode, number] | null {
  if (index < 0 || index >= parent.length) return null;
  if (index < parent.length / 2) {
    let start = 0;
    for (let child = parent.first; child; child = child.next) {
      const end = start + nodeLength(child);
      if (index < end) return [child, index - start];
      start = end;
    }
    return null;
  }
  let end = parent.length;
  for (let child = parent.last; child; child = child.prev) {
    const start = end - nodeLength(child);
    if (index >= start) return [child, index - start];
    end = start;
  }
  return null;
}

/** InlineBlot.format (with Link.format's own href case). */
function formatInline(node: InlineNode, name: string, value: FormatValue): void {
  if (node.name === "link" && name === "link" && value) {
    node.value = sanitizeLinkUrl(value);
    return;
  }
  if (name === node.name && !value) {
    for (let child of childrenOf(node)) {
      if (child.type !== "inline") {
        const span = createInline("inline", true);
        wrap(child, span);
        child = span;
      }
      copyAttributes(node, child);
    }
    unwrap(node);
    return;
  }
  if (isAttributor(name)) {
    setAttributor(node, name, value);
  } else if (INLINE_BLOTS.has(name) && value && (name !== node.name || inlineFormats(node)[name] !== value)) {
    replaceWith(node, createInline(name, value));
  }
}

/** AttributorStore.copy: each stored attribute's value, formatted onto the target. */
function copyAttributes(from: InlineNode, to: InlineNode): void {
  for (const name of [...from.store]) formatInline(to, name, storeValue(from, name));
}

/** AttributorStore.attribute with the Style/ClassAttributor add and remove. */
function setAttributor(node: InlineNode, name: InlineAttributorName, value: FormatValue): void {
  const attributor = INLINE_ATTRIBUTORS[name];
  if (value) {
    if (attributor.kind === "style") {
      const css = attributorCss(name, String(value));
      if (css === null) throw new UnsupportedFormat(`${name}: ${String(value)}`);
      node.styles.set(attributor.key, css);
      if (!node.domOrder.includes("style")) node.domOrder.push("style");
    } else {
      removeClasses(node, attributor.key);
      node.classes.push(`${attributor.key}-${String(value)}`);
      if (!node.domOrder.includes("class")) node.domOrder.push("class");
    }
    if (!node.store.includes(name)) node.store.push(name);
    return;
  }
  if (attributor.kind === "style") {
    node.styles.delete(attributor.key);
    if (node.styles.size === 0) node.domOrder = node.domOrder.filter((a) => a !== "style");
  } else {
    removeClasses(node, attributor.key);
  }
  node.store = node.store.filter((key) => key !== name);
}

/** ClassAttributor.remove: an emptied class attribute goes (and comes back last). */
function removeClasses(node: InlineNode, key: string): void {
  node.classes = node.classes.filter((c) => !c.startsWith(`${key}-`));
  if (node.classes.length === 0) node.domOrder = node.domOrder.filter((a) => a !== "class");
}

/** Thrown for a format value whose markup this renderer does not reproduce: the caller falls back to Quill. */
export class UnsupportedFormat extends Error {}

// ---- tree operations ----------------------------------------------------------------------

export function createInline(name: string, value: FormatValue): InlineNode {
  let blotValue: InlineNode["value"];
  if (name === "link") blotValue = sanitizeLinkUrl(value);
  else if (name === "script") blotValue = value === "sub" ? "sub" : "super";
  else if (name === "inline") blotValue = undefined;
  else blotValue = true;
  return { type: "inline", name, value: blotValue, first: null, last: null, length: 0, parent: null, prev: null, next: null, styles: new Map(), classes: [], domOrder: [], store: [] };
}

/** ShadowBlot.clone: a copy of the element (not its children), its store rebuilt from the DOM. */
function cloneInline(node: InlineNode): InlineNode {
  const store: InlineAttributorName[] = [];
  for (const name of [...node.classes.map(attributorOfClass), ...[...node.styles.keys()].map(attributorOfStyle)]) {
    if (name && !store.includes(name)) store.push(name);
  }
  return {
    ...node,
    first: null,
    last: null,
    length: 0,
    parent: null,
    prev: null,
    next: null,
    styles: new Map(node.styles),
    classes: [...node.classes],
    domOrder: [...node.domOrder],
    store,
  };
}

function nextSibling(node: ChildNode): ChildNode | null {
  return node.parent ? node.next : null;
}

function detach(node: ChildNode): void {
  const parent = node.parent;
  if (!parent) return;
  if (node.prev) node.prev.next = node.next;
  else parent.first = node.next;
  if (node.next) node.next.prev = node.prev;
  else parent.last = node.prev;
  node.parent = null;
  node.prev = null;
  node.next = null;
  addLength(parent, -nodeLength(node));
}

/** Puts `node` before `ref` (a child of `parent`), or last when `ref` is null or not its child. */
function insertBefore(parent: ParentNode, node: ChildNode, ref: ChildNode | null): void {
  detach(node);
  const before = ref?.parent === parent ? ref : null;
  const after = before ? before.prev : parent.last;
  node.prev = after;
  node.next = before;
  if (after) after.next = node;
  else parent.first = node;
  if (before) before.prev = node;
  else parent.last = node;
  node.parent = parent;
  addLength(parent, nodeLength(node));
}

function appendChild(parent: ParentNode, node: ChildNode): void {
  insertBefore(parent, node, null);
}

/** ShadowBlot.wrap; InlineBlot.wrap then moves the wrapped inline's attributes onto the wrapper. */
function wrap(node: ChildNode, wrapper: InlineNode): InlineNode {
  if (node.parent) insertBefore(node.parent, wrapper, nextSibling(node));
  appendChild(wrapper, node);
  if (node.type === "inline") {
    copyAttributes(node, wrapper); // AttributorStore.move
    for (const name of [...node.store]) setAttributor(node, name, null);
    node.store = [];
  }
  return wrapper;
}

/** ParentBlot.unwrap. */
function unwrap(node: InlineNode): void {
  const parent = node.parent;
  if (parent) {
    const ref = nextSibling(node);
    for (const child of childrenOf(node)) insertBefore(parent, child, ref);
  }
  detach(node);
}

/** ParentBlot.replaceWith then InlineBlot's attribute copy. */
function replaceWith(node: InlineNode, replacement: InlineNode): void {
  for (const child of childrenOf(node)) appendChild(replacement, child);
  if (node.parent) {
    insertBefore(node.parent, replacement, nextSibling(node));
    detach(node);
  }
  copyAttributes(node, replacement);
}

/** ShadowBlot.isolate. */
function isolate(node: ChildNode, index: number, length: number): ChildNode {
  const target = split(node, index);
  if (!target) throw new Error("isolate at end");
  split(target, length);
  return target;
}

/** TextBlot.split / ParentBlot.split / ShadowBlot.split (never forced here). */
function split(node: ChildNode, index: number): ChildNode | null {
  if (index === 0) return node;
  if (index === nodeLength(node)) return nextSibling(node);
  if (node.type === "embed") return nextSibling(node);
  if (node.type === "text") {
    const after = createText(node.text.slice(index));
    setText(node, node.text.slice(0, index));
    if (node.parent) insertBefore(node.parent, after, nextSibling(node));
    return after;
  }
  const after = cloneInline(node);
  if (node.parent) insertBefore(node.parent, after, nextSibling(node));
  forEachAt(node, index, nodeLength(node), (child, offset) => {
    const piece = split(child, offset);
    if (piece) appendChild(after, piece);
  });
  return after;
}

// ---- optimize -------------------------------------------------------------------------------

/**
 * Parchment's optimize pass, repeated until nothing changes (as ScrollBlot.optimize repeats
 * while mutations remain): children first, then the blot; texts merge, empty and unformatted
 * spans go, neighbours with equal formats merge, a higher blot moves above a lower parent.
 */
export function optimizeLine(line: LineNode): void {
  for (let round = 0; round < 100; round += 1) {
    const state = { changed: false };
    optimizeChildren(line, state);
    if (!state.changed) return;
  }
  throw new Error("inline optimize did not settle");
}

function optimizeChildren(parent: ParentNode, state: { changed: boolean }): void {
  // LinkedList.forEach: the next node is taken before the callback.
  const nodes = childrenOf(parent);
  for (const node of nodes) {
    if (node.parent !== parent) continue;
    if (node.type === "inline") optimizeChildren(node, state);
    optimizeNode(node, state);
  }
}

function optimizeNode(node: ChildNode, state: { changed: boolean }): void {
  if (node.type === "text") {
    if (node.text.length === 0) {
      detach(node);
      state.changed = true;
      return;
    }
    const next = nextSibling(node);
    if (next?.type === "text") {
      const text = next.text;
      detach(next);
      setText(node, node.text + text);
      state.changed = true;
    }
    return;
  }
  if (node.type !== "inline") return;
  if (node.first === null) {
    detach(node);
    state.changed = true;
    return;
  }
  const formats = inlineFormats(node);
  if (Object.keys(formats).length === 0) {
    unwrap(node);
    state.changed = true;
    return;
  }
  const next = nextSibling(node);
  if (next?.type === "inline" && sameFormats(formats, inlineFormats(next))) {
    for (const child of childrenOf(next)) appendChild(node, child);
    detach(next);
    state.changed = true;
  }
  const parent = node.parent;
  if (parent?.type === "inline" && compare(node.name, parent.name) > 0) {
    // Inline.optimize: isolate the parent around this node and swap the two.
    const offset = childOffset(node);
    const isolated = isolate(parent, offset, nodeLength(node)) as InlineNode;
    for (const child of childrenOf(node)) appendChild(isolated, child);
    wrap(isolated, node);
    state.changed = true;
  }
}

function childOffset(node: ChildNode): number {
  let offset = 0;
  for (let sibling = node.prev; sibling; sibling = sibling.prev) offset += nodeLength(sibling);
  return offset;
}

function sameFormats(a: Record<string, FormatValue>, b: Record<string, FormatValue>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * The line's leaves in order, each with its formats as Quill's getContents reports them
 * (quill/blots/block.js blockDelta: bubbleFormats of each leaf).
 */
export function lineLeaves(line: LineNode): { leaf: TextLeaf | EmbedLeaf; formats: Record<string, FormatValue> }[] {
  const out: { leaf: TextLeaf | EmbedLeaf; formats: Record<string, FormatValue> }[] = [];
  const visit = (parent: InlineNode | LineNode) => {
    for (let node = parent.first; node; node = node.next) {
      if (node.type === "inline") visit(node);
      else if (node.type === "embed" || node.text.length > 0) out.push({ leaf: node, formats: bubbleFormats(node) });
    }
  };
  visit(line);
  return out;
}

/** Serialises an image's attributes as created: src (when a string), then its formats. */
export function imageAttributes(embed: EmbedLeaf): [string, string][] {
  const attributes: [string, string][] = typeof embed.value === "string" ? [["src", sanitizeImageUrl(embed.value)]] : [];
  return [...attributes, ...embed.attributes];
}

export { BLOT_TAGS };
