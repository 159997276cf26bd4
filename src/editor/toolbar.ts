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

/** Formats the editor accepts (paste included); anything else is dropped. The server keeps the same (shared/editor-formats.ts). */
export const FORMATS: string[] = [...QUILL_FORMATS];

/** Languages offered in code blocks (highlight.js names), as the syntax module takes them. */
export const CODE_LANGUAGES = CODE_BLOCK_LANGUAGES.map((key) => ({ key, label: CODE_BLOCK_LANGUAGE_LABELS[key] }));
