import { exportStylesFor } from "./export-styles";

export interface StandaloneHtmlInput {
  /** The document title; an empty one shows as "Untitled" (docs/product.md "Validation"). */
  title: string;
  /**
   * The body as the editor's sanitised HTML. Images should already point somewhere a
   * file on disk can reach (data: URIs, see `replaceImageSources`); relative URLs won't.
   */
  html: string;
}

/**
 * A complete HTML document for a download: doctype, UTF-8, the title, and every style
 * inlined (Quill snow, KaTeX, code highlighting), with no scripts and no external
 * requests, so it opens the same from disk as in the browser. Pure given `css`.
 */
export function toStandaloneHtml(input: StandaloneHtmlInput, css: string = exportStylesFor(input.html)): string {
  const title = escapeHtml(input.title.trim() || "Untitled");
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Quire">
<title>${title}</title>
<style>
${escapeStyle(css)}
</style>
</head>
<body>
<main class="ql-container ql-snow">
<h1 class="document-title">${title}</h1>
<div class="ql-editor">
${input.html}
</div>
</main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// A stylesheet can't contain "</style"; ours never does, but the guard is one line.
function escapeStyle(css: string): string {
  return css.replace(/<\/style/gi, "<\\/style");
}
