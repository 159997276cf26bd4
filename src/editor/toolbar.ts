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
  ["link", "image", "formula"],
  ["clean"],
];

type ToolbarGroup = (typeof TOOLBAR)[number];

/**
 * Formats rarely reached for, which a narrow window (NARROW_TOOLBAR_QUERY) moves behind the
 * "More formatting" button (editor/toolbar-more.ts) so the toolbar keeps to two rows on a phone.
 */
const MORE_FORMATS = new Set(["font", "size", "color", "background", "script", "indent", "align", "clean"]);

/** Whether a toolbar group goes behind "More formatting" in a narrow window (by its first control). */
export function isMoreGroup(group: ToolbarGroup): boolean {
  const first = group[0];
  const format = typeof first === "string" ? first : first ? Object.keys(first)[0] : undefined;
  return format !== undefined && MORE_FORMATS.has(format);
}

/** Where the toolbar collapses: the mobile layout (no sidebar). editor/editor.css uses the same width. */
export const NARROW_TOOLBAR_QUERY = "(max-width: 767px)";

/** Formats the editor accepts (paste included); anything else is dropped. The server keeps the same (shared/editor-formats.ts). */
export const FORMATS: string[] = [...QUILL_FORMATS];

/** Languages offered in code blocks (highlight.js names), as the syntax module takes them. */
export const CODE_LANGUAGES = CODE_BLOCK_LANGUAGES.map((key) => ({ key, label: CODE_BLOCK_LANGUAGE_LABELS[key] }));
