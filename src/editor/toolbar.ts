import { EDITOR_ALIGNMENTS, EDITOR_FONTS, EDITOR_SIZES } from "@/shared/editor-rules";

/** The full toolbar (issue #3): every control, seed defaults for fonts, sizes and alignments. */
export const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  [{ font: [false, ...EDITOR_FONTS] }, { size: [EDITOR_SIZES[0], false, ...EDITOR_SIZES.slice(1)] }],
  ["bold", "italic", "underline", "strike"],
  [{ color: [] }, { background: [] }],
  [{ script: "sub" }, { script: "super" }],
  [{ list: "ordered" }, { list: "bullet" }, { list: "check" }],
  [{ indent: "-1" }, { indent: "+1" }],
  [{ align: [false, ...EDITOR_ALIGNMENTS] }],
  ["blockquote", "code-block", "code"],
  ["link", "image", "formula"],
  ["clean"],
];

/** Formats the editor accepts (paste included); anything else is dropped. */
export const FORMATS = [
  "header", "font", "size", "bold", "italic", "underline", "strike", "color", "background",
  "script", "list", "indent", "align", "blockquote", "code-block", "code", "link", "image", "formula",
];

/** Languages offered in code blocks (highlight.js names). */
export const CODE_LANGUAGES = [
  { key: "plain", label: "Plain" },
  { key: "bash", label: "Bash" },
  { key: "cpp", label: "C++" },
  { key: "cs", label: "C#" },
  { key: "css", label: "CSS" },
  { key: "diff", label: "Diff" },
  { key: "go", label: "Go" },
  { key: "xml", label: "HTML/XML" },
  { key: "java", label: "Java" },
  { key: "javascript", label: "JavaScript" },
  { key: "json", label: "JSON" },
  { key: "markdown", label: "Markdown" },
  { key: "php", label: "PHP" },
  { key: "python", label: "Python" },
  { key: "ruby", label: "Ruby" },
  { key: "rust", label: "Rust" },
  { key: "sql", label: "SQL" },
  { key: "typescript", label: "TypeScript" },
  { key: "yaml", label: "YAML" },
];
