import {
  CODE_BLOCK_LANGUAGES,
  CODE_BLOCK_LANGUAGE_LABELS,
  EDITOR_ALIGNMENTS,
  EDITOR_FONTS,
  EDITOR_SIZES,
  HEADER_LEVELS,
  QUILL_FORMATS,
  SCRIPTS,
} from "@/shared/editor-formats";

/** The full toolbar (issue #3): every control, seed defaults for fonts, sizes and alignments. */
export const TOOLBAR = [
  [{ header: [...HEADER_LEVELS, false] }],
  [{ font: [false, ...EDITOR_FONTS] }, { size: [EDITOR_SIZES[0], false, ...EDITOR_SIZES.slice(1)] }],
  ["bold", "italic", "underline", "strike"],
  [{ color: [] }, { background: [] }],
  SCRIPTS.map((script) => ({ script })),
  [{ list: "ordered" }, { list: "bullet" }, { list: "check" }],
  [{ indent: "-1" }, { indent: "+1" }],
  [{ align: [false, ...EDITOR_ALIGNMENTS] }],
  ["blockquote", "code-block", "code"],
  ["link", "image", "formula", "table"],
  ["clean"],
];

type ToolbarGroup = (typeof TOOLBAR)[number];

/**
 * The order in which groups go behind the "More formatting" button (editor/toolbar-more.ts) when
 * the toolbar has no room for them, named by their first control: the rarest first, so a narrow
 * window keeps the everyday controls. The heading picker never goes. At 1280 px every group but
 * fonts, sizes and sub/superscript fits on one row; at tablet widths the row keeps headings, marks, lists, quotes
 * and code, and links.
 */
export const OVERFLOW_ORDER = ["font", "script", "indent", "clean", "align", "color", "blockquote", "link", "list", "bold"] as const;

/** A group's name: its first control's format. */
export function groupName(group: ToolbarGroup): string | undefined {
  const first = group[0];
  return typeof first === "string" ? first : first ? Object.keys(first)[0] : undefined;
}

/**
 * Where the toolbar may take two rows rather than one: the mobile layout (no sidebar), where one
 * row would hide nearly everything. editor/editor.css uses the same width.
 */
export const NARROW_TOOLBAR_QUERY = "(max-width: 767px)";

/** Formats the editor accepts (paste included); anything else is dropped. The server keeps the same (shared/editor-formats.ts). */
export const FORMATS: string[] = [...QUILL_FORMATS];

/** Languages offered in code blocks (highlight.js names), as the syntax module takes them. */
export const CODE_LANGUAGES = CODE_BLOCK_LANGUAGES.map((key) => ({ key, label: CODE_BLOCK_LANGUAGE_LABELS[key] }));
