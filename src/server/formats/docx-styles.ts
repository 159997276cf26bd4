import type { CodeBlockLanguage } from "@/shared/editor-formats";
import { CODE_BLOCK_LANGUAGE_LABELS, CODE_BLOCK_LANGUAGES } from "@/shared/editor-formats";

/**
 * The named Word styles the DOCX export gives what Word has no structure of its own for, and the
 * import maps back (docs/architecture.md "Import"): mammoth reads a paragraph's or a run's style
 * name, never its look, so a code block written only in Courier New came back a paragraph. Each
 * style looks as the export's direct formatting does, so a line a Word user adds in it matches.
 */
export const DOCX_STYLES = {
  /** A code block's line, plain; a language has its own style based on it (codeStyle). */
  code: { id: "Code", name: "Code" },
  quote: { id: "Quote", name: "Quote" },
  /** Inline code (a character style). */
  inlineCode: { id: "InlineCode", name: "Inline Code" },
  /** A formula's TeX source (a character style). */
  formula: { id: "Formula", name: "Formula" },
  /**
   * A remote image's link, "[alt: address]" (a character style): the export never downloads a
   * remote image (docs/architecture.md "Export"), and the import makes the link the image again.
   */
  remoteImage: { id: "RemoteImage", name: "Remote Image" },
  /** The empty paragraph Word needs after a table, which is no line of the document: the import leaves it out. */
  tableEnd: { id: "TableEnd", name: "Table End" },
} as const;

/** Quill's deepest list indent is 8: nine levels of check list. */
export const CHECK_LIST_LEVELS = 9;

/**
 * The paragraph style of a code block's line, by its `code-block` value: "Code" for plain (or
 * `true`), else "Code (JavaScript)" and the like, based on it.
 */
export function codeStyle(value: unknown): { id: string; name: string } {
  const language = CODE_BLOCK_LANGUAGES.find((known) => known === value);
  if (language === undefined || language === "plain") return DOCX_STYLES.code;
  // The id from the editor's name (the labels "C++" and "C#" would both give "C"): "CodeJavascript".
  return { id: `Code${language.charAt(0).toUpperCase()}${language.slice(1)}`, name: `Code (${CODE_BLOCK_LANGUAGE_LABELS[language]})` };
}

/**
 * The paragraph style of a check-list item at Quill's indent `level` (0–8): "Check List", then
 * "Check List 2"…, as Word names its "List Bullet 2". The box itself is a checkbox content control.
 */
export function checkListStyle(level: number): { id: string; name: string } {
  const number = Math.min(Math.max(0, Math.floor(level)), CHECK_LIST_LEVELS - 1) + 1;
  return number === 1 ? { id: "CheckList", name: "Check List" } : { id: `CheckList${number}`, name: `Check List ${number}` };
}

/** The class the import's style map gives a formula run, for docx-html.ts to make it the editor's formula. */
export const FORMULA_MARKER_CLASS = "quire-formula";
/** The class the import's style map gives a remote image's link text, for docx-html.ts to make it the image. */
export const REMOTE_IMAGE_MARKER_CLASS = "quire-remote-image";
/** The style name the import gives the runs it wraps around a run with a colour, font or size (docx-run-formats.ts). */
export const RUN_FORMAT_STYLE_NAME = "Quire Run Format";
/** The class the import's style map gives those, for docx-html.ts to make them the editor's look. */
export const RUN_FORMAT_MARKER_CLASS = "quire-run-format";

/**
 * mammoth's style map for these styles (and the like-named ones of Word, pandoc and LibreOffice
 * documents): code lines become one `<pre>` per block with its language's class (prepare-html.ts
 * reads it), quotes a `<blockquote>`, check-list items list items nested by level, inline code
 * `<code>`, formulas, remote images' links and the import's own run wrappers a marked span, and
 * the paragraph after a table nothing.
 */
export function docxStyleMap(): string[] {
  const pre = (selector: string, language: CodeBlockLanguage | null) => `p[style-name='${selector}'] => pre${language ? `.language-${language}` : ""}:separator('\\n')`;
  const quote = (name: string) => `p[style-name='${name}'] => blockquote > p:fresh`;
  const code = (name: string) => `r[style-name='${name}'] => code`;
  return [
    pre(DOCX_STYLES.code.name, null),
    ...CODE_BLOCK_LANGUAGES.filter((language) => language !== "plain").map((language) => pre(codeStyle(language).name, language)),
    // Word's own preformatted style, and pandoc's for a code block.
    pre("HTML Preformatted", null),
    pre("Source Code", null),
    quote(DOCX_STYLES.quote.name),
    quote("Intense Quote"),
    quote("Block Text"),
    quote("Quotations"), // LibreOffice's
    ...Array.from({ length: CHECK_LIST_LEVELS }, (_, level) => `p[style-name='${checkListStyle(level).name}'] => ${"ul|ol > li > ".repeat(level)}ul > li:fresh`),
    code(DOCX_STYLES.inlineCode.name),
    // Word's own, pandoc's and LibreOffice's character styles for code.
    code("HTML Code"),
    code("Verbatim Char"),
    code("Source Text"),
    `r[style-name='${DOCX_STYLES.formula.name}'] => span.${FORMULA_MARKER_CLASS}:fresh`,
    `r[style-name='${DOCX_STYLES.remoteImage.name}'] => span.${REMOTE_IMAGE_MARKER_CLASS}:fresh`,
    `r[style-name='${RUN_FORMAT_STYLE_NAME}'] => span.${RUN_FORMAT_MARKER_CLASS}:fresh`,
    `p[style-name='${DOCX_STYLES.tableEnd.name}'] => !`,
  ];
}

/** Whether a paragraph style name is one of the code styles above (an empty line in it is a line of code). */
export function isCodeStyleName(name: string | null | undefined): boolean {
  return name === DOCX_STYLES.code.name || name === "HTML Preformatted" || name === "Source Code" || /^Code \(.+\)$/.test(name ?? "");
}
