import fs from "node:fs";
import { createRequire } from "node:module";
import { JSDOM } from "jsdom";
import type Quill from "quill";
import type { Delta } from "quill";

const require = createRequire(import.meta.url);
const QUILL_SOURCE = fs.readFileSync(require.resolve("quill/dist/quill.js"), "utf8");

/**
 * A live Quill 2 editor (its browser build, history module on) in a jsdom window of its own, for
 * tests of editor code in Node: the window's realm keeps Quill's DOM globals out of Node's.
 * `options` add to that (a theme, a toolbar), and `modules` to the history module.
 */
export function quillInJsdom(options: { theme?: string; modules?: Record<string, unknown> } = {}): { quill: Quill; Delta: typeof Delta; document: Document } {
  const dom = new JSDOM('<!doctype html><html><body><div id="editor"></div></body></html>', { runScripts: "outside-only", pretendToBeVisual: true });
  // jsdom lays nothing out and has no Range geometry; Quill asks for it to scroll the caret into view (undo does).
  const noBox = () => ({ top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0, x: 0, y: 0, toJSON: () => ({}) });
  Object.assign(dom.window.Range.prototype, { getBoundingClientRect: noBox, getClientRects: () => [] });
  dom.window.eval(QUILL_SOURCE);
  const QuillClass = (dom.window as unknown as { Quill: typeof Quill }).Quill; // defined by the build evaluated above
  const container = dom.window.document.getElementById("editor");
  if (!container) throw new Error("quillInJsdom: no editor container");
  const quill = new QuillClass(container, { ...options, modules: { history: { delay: 1000, userOnly: true }, ...options.modules } });
  return { quill, Delta: QuillClass.import("delta") as typeof Delta, document: dom.window.document };
}
