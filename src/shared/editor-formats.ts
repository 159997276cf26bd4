import { EDITOR_ALIGNMENTS, EDITOR_FONTS, EDITOR_SIZES } from "./editor-rules";

/**
 * The editor's formats: the one table the browser's toolbar and Quill (src/editor/toolbar.ts),
 * the server's Quill host and the server's delta rules (src/server/body/editor-formats.ts) are
 * built from, so a format the toolbar offers is one the server keeps, and nothing else is.
 */

export { EDITOR_ALIGNMENTS, EDITOR_FONTS, EDITOR_SIZES };

/** Every format Quill may hold (its `formats` option, pasting included); anything else is dropped. */
export const EDITOR_FORMATS = [
  "header", "font", "size", "bold", "italic", "underline", "strike", "color", "background",
  "script", "list", "indent", "align", "blockquote", "code-block", "code", "link", "image", "formula",
  // Tables (shared/table-rules.ts): a cell line's row id, and the header-row mark.
  "table", "table-header",
  // A member mention (shared/mentions.ts, shared/mention-format.ts).
  "mention",
] as const;
export type EditorFormat = (typeof EDITOR_FORMATS)[number];

/**
 * What Quill's `formats` option gets, in the browser and in the server's Quill host: the editor's
 * formats and the syntax module's highlighting tokens. Quill registers only the formats listed,
 * so without "code-token" code blocks would never be highlighted. Tokens are display only: they
 * never reach a delta the server keeps (its rules drop them).
 */
export const QUILL_FORMATS: readonly string[] = [...EDITOR_FORMATS, "code-token"];

/** The embeds among them (inserts, not attributes). */
export const EDITOR_EMBEDS = ["image", "formula", "mention"] as const satisfies readonly EditorFormat[];
export type EditorEmbed = (typeof EDITOR_EMBEDS)[number];

/** The attributes an image embed carries (quill/formats/image.js ATTRIBUTES, and our alt text). */
export const IMAGE_ATTRIBUTES = ["alt", "width", "height"] as const;

/**
 * Every attribute name a delta op may carry: the editor's formats that are not embeds, and an
 * image's attributes. The server keeps a rule for each (server/body/editor-formats.ts FORMAT_RULES,
 * typed by this list), and the API's delta schema refuses any other name (shared/schemas/delta.ts).
 */
export const EDITOR_ATTRIBUTES = [
  "header", "list", "indent", "align", "blockquote", "code-block", "table", "table-header",
  "font", "size", "bold", "italic", "underline", "strike", "code", "script", "color", "background", "link",
  ...IMAGE_ATTRIBUTES,
] as const satisfies readonly (Exclude<EditorFormat, EditorEmbed> | (typeof IMAGE_ATTRIBUTES)[number])[];
export type EditorAttribute = (typeof EDITOR_ATTRIBUTES)[number];

export const HEADER_LEVELS = [1, 2, 3] as const;
export const INDENT_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
/** As stored: the toolbar's "check" button makes "unchecked" lines, ticked ones are "checked". */
export const LIST_KINDS = ["ordered", "bullet", "checked", "unchecked"] as const;
export const SCRIPTS = ["sub", "super"] as const;

/** Code-block languages (highlight.js names) with the language picker's labels, in its order. */
export const CODE_BLOCK_LANGUAGE_LABELS = {
  plain: "Plain",
  bash: "Bash",
  cpp: "C++",
  cs: "C#",
  css: "CSS",
  diff: "Diff",
  go: "Go",
  xml: "HTML/XML",
  java: "Java",
  javascript: "JavaScript",
  json: "JSON",
  markdown: "Markdown",
  php: "PHP",
  python: "Python",
  ruby: "Ruby",
  rust: "Rust",
  sql: "SQL",
  typescript: "TypeScript",
  yaml: "YAML",
} as const;
export type CodeBlockLanguage = keyof typeof CODE_BLOCK_LANGUAGE_LABELS;
export const CODE_BLOCK_LANGUAGES = Object.keys(CODE_BLOCK_LANGUAGE_LABELS) as CodeBlockLanguage[];
