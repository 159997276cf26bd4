import fs from "node:fs";
import path from "node:path";
import { katexFontFaces } from "./katex-fonts";
import { PRINT_CSS } from "./print-styles";

// The editor's own stylesheets (components/document-editor.tsx imports the same three),
// so an export looks like the document did in Quire.
const SOURCES = ["quill/dist/quill.snow.css", "katex/dist/katex.min.css", "highlight.js/styles/github.min.css"];

/**
 * Page chrome the editor gets from the app shell, and fixes for a static page: no editor
 * scroll box, no language picker, and the light code surface the app uses (editor.css).
 * The print view (app/(print)) uses it with PRINT_CSS over the bundled editor styles.
 */
export const EXPORT_PAGE_CSS = `
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: #fff; color: #1f2328; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main.ql-container.ql-snow { max-width: 48rem; margin: 2rem auto; border: 0; font-family: inherit; font-size: 1rem; }
.ql-editor { height: auto; overflow: visible; padding: 0 1.5rem; line-height: 1.65; white-space: normal; }
.ql-editor p, .ql-editor li, .ql-editor .ql-code-block { white-space: pre-wrap; }
.ql-editor .ql-code-block-container > select.ql-ui { display: none; }
.ql-snow .ql-editor .ql-code-block-container { background: #f6f8fa; color: #1f2328; border-radius: 0.375rem; }
.ql-editor img { max-width: 100%; height: auto; }
h1.document-title { font-size: 2.25rem; line-height: 1.2; margin: 0 0 1.5rem; padding: 0 1.5rem; }
`;

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
