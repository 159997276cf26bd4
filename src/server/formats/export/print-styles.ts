/**
 * The print stylesheet of every exported page, the PDF and the browser's print view:
 * page margins, no page break inside a code block, image, display formula or list item,
 * headings kept with what follows, colours printed as shown (code highlighting,
 * highlighted text), and each web link's address after its text, since paper can't be
 * clicked. Plain CSS in a `@media print` block, so a page on screen is unchanged.
 */
export const PRINT_CSS = `
@page { margin: 18mm 16mm 20mm; }
@media print {
  html, body { background: #fff; }
  body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  main.ql-container.ql-snow { margin: 0; max-width: none; font-size: 11pt; }
  .ql-editor, h1.document-title { padding: 0; }
  .ql-editor h1, .ql-editor h2, .ql-editor h3, h1.document-title { break-after: avoid; page-break-after: avoid; }
  .ql-editor .ql-code-block-container, .ql-editor img, .ql-editor .katex-display, .ql-editor blockquote, .ql-editor li {
    break-inside: avoid; page-break-inside: avoid;
  }
  .ql-editor p, .ql-editor li { orphans: 3; widows: 3; }
  .ql-editor tr { break-inside: avoid; page-break-inside: avoid; }
  .ql-editor a { color: #0550ae; text-decoration: underline; }
  .ql-editor a[href^="http:"]::after, .ql-editor a[href^="https:"]::after, .ql-editor a[href^="mailto:"]::after {
    content: " (" attr(href) ")"; color: #57606a; font-size: 0.85em; word-break: break-all; text-decoration: none;
  }
  .print-toolbar { display: none; }
}
`;
