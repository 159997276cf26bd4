import { enforceHtmlAllowList } from "./html-allow-list";
import type { FormulaMarkup } from "./fast-render/render-delta-fast";
import { formulaValues, renderDeltaFast } from "./fast-render/render-delta-fast";
import { getQuillHost } from "./quill-host";
import type { BodyDelta } from "./sanitize-delta";
import { sanitizeDelta } from "./sanitize-delta";
import { mentionText, mentionValueOf } from "@/shared/mentions";
import { escapeText } from "./fast-render/html-text";

/**
 * Renders a document delta to exactly the markup the editor shows (`ql-align-*`, `ql-font-*`,
 * `ql-code-block-container` with highlight.js tokens, `ql-formula` with KaTeX output).
 * The delta is sanitised first. Most documents go through the plain-TypeScript renderer
 * (fast-render/render-delta-fast.ts), which reproduces Quill's markup byte for byte, escaped and
 * inside the allow-list by construction; what it does not reproduce (formulas, tables, a few
 * colour forms) runs Quill 2 itself under jsdom (docs/architecture.md "Stack notes"), with the
 * allow-list and the stability check after. Never uses Quill's getSemanticHTML(), which lets
 * crafted code-block content through (CVE-2025-15056). Call it when a document is stored, never
 * per request: the Quill path costs seconds for a long document.
 */
export async function renderDeltaHtml(delta: unknown): Promise<string> {
  return renderSanitizedDeltaHtml(sanitizeDelta(delta).delta);
}

/**
 * renderDeltaHtml for a delta that is already sanitizeDelta's output (deriveDocument's content):
 * sanitising is idempotent (sanitize-delta.test.ts), so skipping it here changes nothing.
 */
export async function renderSanitizedDeltaHtml(safe: BodyDelta): Promise<string> {
  const formulas = formulaValues(safe);
  const markup = formulas.length > 0 ? await renderFormulas(formulas) : undefined;
  return renderDeltaFast(safe, markup) ?? (await renderWithQuill(safe));
}

/**
 * Each formula's markup as the Quill host renders it alone (a line each, in one render): what
 * the fast renderer puts where the formula is. Quill's cost grows with the square of a line's
 * runs, so a document was rendered by it whole for want of KaTeX's markup alone, and one formula
 * beside a long formatted paragraph cost seconds.
 */
export async function renderFormulas(formulas: readonly string[]): Promise<FormulaMarkup> {
  const host = await getQuillHost();
  const html = await renderWithQuill({ ops: formulas.flatMap((formula) => [{ insert: { formula } }, { insert: "\n" }]) });
  const template = host.document.createElement("template");
  template.innerHTML = html;
  const lines = Array.from(template.content.children);
  // A <p> per formula, holding its element: anything else, and the document goes to the Quill host whole.
  if (lines.length !== formulas.length || lines.some((line) => line.localName !== "p")) return new Map();
  return new Map(formulas.map((formula, index) => [formula, lines[index]?.innerHTML ?? ""]));
}

/**
 * Quill 2 under jsdom, then the allow-list and the serialise → parse check: the fallback, and the
 * reference the fast renderer is tested against (fast-render/render-delta-fast.test.ts).
 */
export async function renderWithQuill(delta: BodyDelta): Promise<string> {
  const host = await getQuillHost();
  const root = host.render(delta);
  stripEditorControls(root);
  enforceHtmlAllowList(root);
  return stableMarkup(host.document, root.innerHTML);
}

/**
 * The text of a delta as Quill's getText() gives it: text inserts joined, embeds left out,
 * the final newline kept; but a mention reads as "@Name" (its stored name), so search finds it.
 * Pure, no Quill needed.
 */
export function deltaToPlainText(delta: unknown): string {
  return sanitizedPlainText(sanitizeDelta(delta).delta);
}

/** deltaToPlainText for a delta that is already sanitizeDelta's output (see renderSanitizedDeltaHtml). */
export function sanitizedPlainText(safe: BodyDelta): string {
  return safe.ops
    .map((op) => {
      if (typeof op.insert === "string") return op.insert;
      const mention = mentionValueOf(op.insert);
      return mention ? mentionText(mention) : "";
    })
    .join("");
}

/**
 * A body's plain text (sanitizedPlainText's) as HTML: a paragraph per line, no formats or embeds.
 * What a store keeps when rendering the body ran past its time limit (workers/body-workers.ts
 * BODY_JOB_TIMEOUT_MS), until the next store renders it: safe by escaping, and linear in the text.
 */
export function textOnlyHtml(text: string): string {
  const lines = text.split("\n");
  // The body ends with a newline, which ends its last line rather than starting another.
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines.map((line) => (line ? `<p>${escapeText(line)}</p>` : "<p><br></p>")).join("");
}

// A serialise → parse round trip that changes the markup is how mutation XSS slips past a
// DOM check, so the markup is parsed again as a browser would, and must come back unchanged
// with nothing left for the allow-list to remove.
const MAX_ROUNDS = 3;

function stableMarkup(document: Document, markup: string): string {
  const template = document.createElement("template");
  let current = markup;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    template.innerHTML = current;
    const removed = enforceHtmlAllowList(template.content);
    const next = template.innerHTML;
    if (removed === 0 && next === current) return current;
    current = next;
  }
  // Unreachable for Quill's own markup; if it ever happens, serve text rather than guess.
  console.error("[documents] rendered HTML did not stabilise under the allow-list; serving text only");
  const paragraph = document.createElement("p");
  paragraph.textContent = template.content.textContent ?? "";
  return paragraph.outerHTML;
}

/**
 * Removes the editor's controls: the code block's language <select class="ql-ui">. The empty
 * `<span class="ql-ui">` at the start of each list item stays: Quill's stylesheet draws the
 * bullet, number or checkbox from it (`.ql-editor li > .ql-ui:before` in quill.core.css), so
 * without it a published list would lose its markers.
 */
function stripEditorControls(root: HTMLElement): void {
  for (const control of Array.from(root.querySelectorAll(".ql-ui"))) {
    const isListMarker = control.localName === "span" && control.parentElement?.localName === "li" && control.childNodes.length === 0;
    if (!isListMarker) control.remove();
  }
}
