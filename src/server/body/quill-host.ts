import fs from "node:fs/promises";
import type { HLJSApi } from "highlight.js";
import { LINK_PROTOCOLS } from "@/shared/editor-rules";
import { sanitizeImageUrl, sanitizeLinkUrl } from "@/shared/safe-urls";
import type { BodyDelta } from "./sanitize-delta";
import { isInCodeSpan } from "./code-span";
import { isInPreWhitespace, preWhitespaceText } from "./pre-whitespace";
import { splitIntoChunks } from "./delta-chunks";
import { normalizeDeltaFast } from "./fast-render/normalize-delta";
import { CODE_BLOCK_LANGUAGES, CODE_BLOCK_LANGUAGE_LABELS, QUILL_FORMATS } from "@/shared/editor-formats";
import { registerTableFormats } from "@/shared/table-formats";
import { registerMentionFormat } from "@/shared/mention-format";
import { mentionPasteMatchers } from "@/shared/mention-paste";
import { tablePasteMatchers } from "@/shared/table-paste";
import { formulaProblem } from "@/shared/formula-rules";

/** One Quill 2 editor living in a private jsdom window, used only to turn deltas into HTML. */
export interface QuillHost {
  /** Renders `delta` and returns a detached copy of the editor root, `.ql-ui` controls included. */
  render(delta: BodyDelta): HTMLElement;
  /** The window's document, for parsing and checking markup in the same realm. */
  document: Document;
  /**
   * The delta Quill's clipboard makes of `html`, exactly as a paste into the editor would
   * (import). Unsanitised: the caller sanitises it like any other delta.
   */
  convert(html: string): BodyDelta;
  /** Quill's clipboard delta of `html` before the editor normalises it (a plain copy). */
  clipboardDelta(html: string): { ops: unknown[] };
  /** The delta the editor holds after setContents(delta): what convert does to the clipboard's delta. */
  normalize(delta: { ops: unknown[] }): BodyDelta;
}

let host: Promise<QuillHost> | undefined;

/**
 * The process's one Quill host, created on first use (never at import: `next build` imports
 * modules). Rendering is synchronous, so callers on the one JS thread never overlap.
 */
export function getQuillHost(): Promise<QuillHost> {
  host ??= createQuillHost().catch((error: unknown) => {
    host = undefined; // let the next call try again rather than cache the failure
    throw error;
  });
  return host;
}

// Quill's own sanitisers resolve addresses against the page, as the editor's do in the browser.
const PAGE_URL = "https://quire.invalid/";
// Lines Quill holds at once: a document goes through it in pieces (splitIntoChunks says why).
const LINES_PER_CHUNK = 100;

async function createQuillHost(): Promise<QuillHost> {
  // Node's own require, out of the bundler's sight: inside a Next route bundle (createDocument
  // with a body, import) Turbopack rewrites `createRequire(import.meta.url).resolve("katex")` into
  // a module id (a number), and jsdom does not survive bundling. process.getBuiltinModule is a
  // plain runtime call, so these load from node_modules as they do under `node --import tsx`.
  const { createRequire } = process.getBuiltinModule("node:module");
  const require = createRequire(import.meta.url);
  const { JSDOM } = require("jsdom") as typeof import("jsdom");
  const hljs = require("highlight.js/lib/common") as HLJSApi;
  const [katexSource, quillSource] = await Promise.all([
    fs.readFile(require.resolve("katex"), "utf8"),
    fs.readFile(require.resolve("quill/dist/quill.js"), "utf8"),
  ]);
  // Quill and KaTeX run inside the jsdom window's own realm (runScripts "outside-only" + eval of
  // their browser builds), not with window/document copied onto Node's globals as the usual recipe does (docs/architecture.md "Stack notes"):
  // this process also runs Next, and React and libraries take `typeof window !== "undefined"` to
  // mean "in a browser". Timers Quill starts stay in the window too.
  const dom = new JSDOM('<!doctype html><html><body><div id="editor"></div></body></html>', {
    url: PAGE_URL,
    runScripts: "outside-only",
  });
  const window = dom.window;
  window.eval(katexSource);
  window.eval(quillSource);
  const realm = window as unknown as RealmGlobals; // the builds above define these globals

  // Formula embeds call window.katex.render (quill/formats/formula.js). Trust stays off whatever
  // the caller passes, so \href, \url, \includegraphics and \html* render as errors, not markup.
  // strict "ignore" only silences KaTeX's console warnings; the markup is the same as "warn".
  // A formula outside shared/formula-rules.ts (one stored before them, or sent over a socket by a
  // crafted client) shows its source as text, as does one KaTeX fails on other than by a parse
  // error (which it renders itself, red): rendering it would cost seconds of the body worker
  // every save waits for, or run out of stack (a 500) — QA fourth sweep item 6.
  const katex = realm.katex;
  realm.katex = {
    render: (tex, element, options) => {
      if (formulaProblem(tex) !== null) {
        element.textContent = tex;
        return;
      }
      try {
        katex.render(tex, element, { ...options, trust: false, maxExpand: 1000, strict: "ignore" });
      } catch (error) {
        console.warn("[documents] a formula could not be rendered; its source is shown:", error instanceof Error ? error.message : error);
        element.textContent = tex;
      }
    },
  };

  const Quill = realm.Quill;
  // The editor's link and image rules (src/editor/register.ts does the same in the browser).
  const Link = Quill.import("formats/link") as SanitizingFormat & { PROTOCOL_WHITELIST: string[] };
  Link.PROTOCOL_WHITELIST = [...LINK_PROTOCOLS];
  Link.sanitize = sanitizeLinkUrl;
  (Quill.import("formats/image") as SanitizingFormat).sanitize = sanitizeImageUrl;
  // The syntax module re-highlights on a timer (quill/modules/syntax.js initTimer); here we
  // highlight synchronously after each render, and a pending timer would only redo the work.
  (Quill.import("modules/syntax") as { prototype: { initTimer(): void } }).prototype.initTimer = () => undefined;
  registerTableFormats(Quill as unknown as Parameters<typeof registerTableFormats>[0]);
  // Mentions render with their stored name here; pages that know the members show current ones (server/body/mention-markup.ts).
  registerMentionFormat(Quill as unknown as Parameters<typeof registerMentionFormat>[0]);

  const container = window.document.getElementById("editor");
  if (!container) throw new Error("Quill host: the editor container is missing");
  const quill = new Quill(container, {
    // The editor's own formats (shared/editor-formats.ts), so a conversion holds what the browser's editor would.
    formats: [...QUILL_FORMATS],
    modules: {
      syntax: { hljs, languages: CODE_BLOCK_LANGUAGES.map((key) => ({ key, label: CODE_BLOCK_LANGUAGE_LABELS[key] })) },
      history: { maxStack: 1, userOnly: true },
      table: true,
    },
  });
  const syntax = quill.getModule("syntax") as { highlight(blot: null, force: boolean): void };
  // The clipboard collapses whitespace outside <pre> as HTML renders it, but a code span's
  // spaces and tabs are its content (CommonMark keeps them; the editor shows them): an imported
  // code span keeps them, line endings becoming spaces as in CommonMark. Runs after Quill's own
  // text matchers, so only their text is replaced.
  const Delta = Quill.import("delta") as new () => RealmDelta;
  quill.clipboard.addMatcher(window.Node.TEXT_NODE, (node, delta) => {
    if (!isInCodeSpan(node)) return delta;
    const kept = new Delta().insert((node as Text).data.replace(/\r\n?|\n/g, " "));
    // matchText turns every newline into a space, so a final one is matchNewline's line break.
    const last = delta.ops.at(-1)?.insert;
    return typeof last === "string" && last.endsWith("\n") ? kept.insert("\n") : kept;
  });
  // Text whose markup says its whitespace is content (white-space: pre, body/pre-whitespace.ts):
  // its tabs and runs of spaces are kept, where matchText makes a tab a space and collapses runs.
  quill.clipboard.addMatcher(window.Node.TEXT_NODE, (node, delta) => {
    if (isInCodeSpan(node) || !isInPreWhitespace(node)) return delta;
    const kept = new Delta().insert(preWhitespaceText((node as Text).data));
    const last = delta.ops.at(-1)?.insert;
    return typeof last === "string" && last.endsWith("\n") ? kept.insert("\n") : kept;
  });

  // Tables as a paste into the editor makes them (shared/table-paste.ts): fresh row ids, header rows.
  for (const [selector, matcher] of tablePasteMatchers()) quill.clipboard.addMatcher(selector, matcher as unknown as (node: Node, delta: RealmDelta) => RealmDelta);
  // A mention's span (an exported HTML file) as a mention again, a malformed one as its text.
  for (const [selector, matcher] of mentionPasteMatchers()) quill.clipboard.addMatcher(selector, matcher as unknown as (node: Node, delta: RealmDelta) => RealmDelta);

  const clipboardDelta = (html: string) =>
    // A plain copy: the ops were built in the window's realm.
    JSON.parse(JSON.stringify({ ops: quill.clipboard.convert({ html, text: "" }).ops })) as { ops: unknown[] };
  const normalize = (delta: { ops: unknown[] }): BodyDelta => {
    // Through the editor itself, as a paste lands in it: one op per line format, inline
    // formats off the newlines, blots Quill can't hold dropped (piece by piece; concat joins
    // the pieces' deltas as the whole's getContents would, merging ops across a cut).
    let contents = new Delta();
    for (const ops of splitIntoChunks(delta.ops as { insert?: unknown }[], LINES_PER_CHUNK)) {
      quill.setContents({ ops }, "silent");
      contents = contents.concat(quill.getContents());
    }
    return JSON.parse(JSON.stringify({ ops: contents.ops })) as BodyDelta;
  };

  return {
    document: window.document,
    render(delta) {
      // An empty copy of the root, filled piece by piece with what Quill renders of each piece.
      const copy = quill.root.cloneNode(false) as HTMLElement;
      for (const ops of splitIntoChunks(delta.ops, LINES_PER_CHUNK)) {
        quill.setContents({ ops }, "silent");
        syntax.highlight(null, true);
        // Copies: changing Quill's own tree would desynchronise its blots before the next render.
        for (const child of Array.from(quill.root.childNodes)) copy.appendChild(child.cloneNode(true));
      }
      // As in the editor (src/editor/register.ts): an image nobody described is decorative
      // (alt=""), never without alt, which screen readers would read as its address.
      for (const image of Array.from(copy.querySelectorAll("img:not([alt])"))) image.setAttribute("alt", "");
      return copy;
    },
    convert(html) {
      // The pasted markup is parsed by the window's DOMParser: scripts never run (runScripts
      // "outside-only" runs only what we eval) and no resource is fetched (jsdom loads none by default).
      // Then normalised as a paste into the editor is: in plain TypeScript when it can be done
      // exactly (fast-render/normalize-delta.ts), else through the editor itself.
      const pasted = clipboardDelta(html);
      return normalizeDeltaFast(pasted) ?? normalize(pasted);
    },
    clipboardDelta,
    normalize,
  };
}

interface RealmDelta {
  ops: { insert?: unknown; attributes?: Record<string, unknown> }[];
  insert(text: string): RealmDelta;
  concat(other: RealmDelta): RealmDelta;
}

interface SanitizingFormat {
  sanitize(url: unknown): string;
}

interface KatexLike {
  render(tex: string, element: Element, options?: Record<string, unknown>): void;
}

interface QuillInstance {
  root: HTMLElement;
  clipboard: {
    convert(input: { html: string; text: string }): RealmDelta;
    addMatcher(selector: number | string, matcher: (node: Node, delta: RealmDelta) => RealmDelta): void;
  };
  setContents(delta: BodyDelta | { ops: unknown[] }, source: "silent"): void;
  getContents(): RealmDelta;
  getModule(name: string): unknown;
}

interface RealmGlobals {
  katex: KatexLike;
  Quill: {
    new (container: Element, options: Record<string, unknown>): QuillInstance;
    import(path: string): unknown;
    register(targets: Record<string, unknown>, overwrite?: boolean): void;
  };
}
