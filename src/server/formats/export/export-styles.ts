import fs from "node:fs";
import path from "node:path";
import { katexFontFaces } from "./katex-fonts";
import { PRINT_CSS } from "./print-styles";

// The editor's own stylesheets (components/document-editor.tsx imports the same three),
// so an export looks like the document did in Quire.
const SOURCES = ["quill/dist/quill.snow.css", "katex/dist/katex.min.css", "highlight.js/styles/github.min.css"];

/**
 * The type scale, code and check boxes of components/document-content.css (which the app's
 * pages load), in light colours: a file on disk has no app tokens and can't load the app's CSS.
 */
// Unquoted and fully escaped: the export's test holds every url() to data: at the first character.
const CHECK_TICK = `url(data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M3.75 8.25l2.75 2.75 5.75-6" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
)})`;
const DOCUMENT_TYPE_CSS = `
.ql-snow .ql-editor h1, .ql-snow .ql-editor h2, .ql-snow .ql-editor h3 { font-weight: 650; letter-spacing: -0.01em; }
.ql-snow .ql-editor h1 { font-size: 1.625em; line-height: 1.25; margin: 1.1em 0 0.35em; }
.ql-snow .ql-editor h2 { font-size: 1.3125em; line-height: 1.3; margin: 1em 0 0.3em; }
.ql-snow .ql-editor h3 { font-size: 1.125em; line-height: 1.4; margin: 0.9em 0 0.25em; }
.ql-snow .ql-editor > :first-child { margin-top: 0; }
.ql-snow .ql-editor blockquote { margin: 0.5em 0; padding-left: 1em; border-left: 3px solid #8a8a95; color: #5b5b66; }
.ql-snow .ql-editor code { padding: 0.1em 0.3em; border: 1px solid #e2e2e7; border-radius: 0.25rem; background: #f7f7f8; font-size: 0.875em; }
.ql-snow .ql-editor .ql-code-block-container { margin: 0.75em 0; padding: 0.75em 1em; border: 1px solid #e2e2e7; font-size: 0.875em; line-height: 1.6; }
.ql-editor li[data-list=checked] > .ql-ui, .ql-editor li[data-list=unchecked] > .ql-ui { display: flex; align-items: center; width: 1.5em; height: 1lh; margin-left: -1.5em; }
.ql-editor li[data-list=checked] > .ql-ui::before, .ql-editor li[data-list=unchecked] > .ql-ui::before { content: ""; box-sizing: border-box; width: 1em; height: 1em; margin: 0; border: 1.5px solid #8a8a95; border-radius: 0.25em; background: #fff center / 100% no-repeat; }
.ql-editor li[data-list=checked] > .ql-ui::before { border-color: #4f46e5; background-color: #4f46e5; background-image: ${CHECK_TICK}; }
.ql-editor li[data-list=checked] { color: #5b5b66; text-decoration: line-through; }
`;

/**
 * Page chrome the editor gets from the app shell, and fixes for a static page: no editor
 * scroll box, no language picker, and the light code surface the app uses (editor.css).
 * The print view (app/(print)) uses it with PRINT_CSS over the bundled editor styles.
 */
export const EXPORT_PAGE_CSS = `
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: #fff; color: #1f2328; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main.ql-container.ql-snow { max-width: 45rem; margin: 2rem auto; border: 0; font-family: inherit; }
.ql-editor { height: auto; overflow: visible; padding: 0 1.5rem; font-size: 1.0625rem; line-height: 1.7; white-space: normal; }
.ql-editor p, .ql-editor li, .ql-editor .ql-code-block, .ql-editor td { white-space: pre-wrap; }
.ql-editor table { width: 100%; margin: 0.75em 0; border-collapse: collapse; table-layout: fixed; }
.ql-editor td { padding: 0.3em 0.6em; border: 1px solid #8c959f; vertical-align: top; overflow-wrap: anywhere; }
.ql-editor td[data-table-header="true"] { background: #f6f8fa; font-weight: 650; }
.ql-editor .ql-code-block-container > select.ql-ui { display: none; }
.ql-snow .ql-editor .ql-code-block-container { background: #f6f8fa; color: #1f2328; border-radius: 0.375rem; }
.ql-editor img { max-width: 100%; height: auto; }
h1.document-title { font-size: 2.25rem; line-height: 1.2; font-weight: 650; letter-spacing: -0.01em; margin: 0 0 1.5rem; padding: 0 1.5rem; }
${DOCUMENT_TYPE_CSS}`;

let cached: string | undefined;

/**
 * The CSS a standalone export inlines: Quill's snow theme, KaTeX and the code theme, read
 * from node_modules once per process, and the print stylesheet. KaTeX's @font-face rules
 * are dropped here: their relative font URLs can't resolve from a file on disk
 * (`exportStylesFor` adds them back inlined when a body has formulas).
 * @throws Error when a stylesheet is missing from node_modules
 */
export function exportStyles(): string {
  cached ??= [...SOURCES.map(readStylesheet), EXPORT_PAGE_CSS, PRINT_CSS].join("\n");
  return cached;
}

/**
 * The styles for one exported body: `exportStyles()`, plus KaTeX's fonts inlined when the
 * body has a formula (katex-fonts.ts), so formulas look as they do in the editor.
 */
export function exportStylesFor(html: string): string {
  return html.includes('class="ql-formula"') ? `${katexFontFaces()}\n${exportStyles()}` : exportStyles();
}

function readStylesheet(source: string): string {
  // Resolved from the working directory, which server.ts (and Vitest) run from: a route
  // bundle's own location says nothing about where node_modules is.
  const css = fs.readFileSync(path.join(process.cwd(), "node_modules", source), "utf8");
  return css.replace(/@font-face\s*\{[^}]*\}/g, "").replace(/\/\*# sourceMappingURL=[^*]*\*\//g, "");
}
