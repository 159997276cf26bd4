import { EDITOR_FONTS, EDITOR_SIZES } from "@/shared/editor-formats";

/**
 * The editor's inline looks as the DOCX export writes them into Word runs and the import reads
 * them back (docs/architecture.md "What a DOCX round trip keeps"): the font picker's fonts, the
 * size picker's sizes, colours as Word's RRGGBB, and Word's named highlight colours.
 */

type EditorFont = (typeof EDITOR_FONTS)[number];
type EditorSize = (typeof EDITOR_SIZES)[number];

/** The Word font of each of the editor's fonts (sans-serif, the default, is none). */
export const DOCX_FONTS: Readonly<Record<EditorFont, string>> = { serif: "Times New Roman", monospace: "Courier New" };
/** Inline code's font, and a code block's. */
export const MONOSPACE_FONT = DOCX_FONTS.monospace;
/** A formula's TeX source is written in it, in italics. */
export const FORMULA_FONT = "Cambria Math";
/** The grey behind inline code (the export's look, not a background someone chose). */
export const INLINE_CODE_FILL = "EFF1F3";
/** The blue the export gives a link's text (Word's own hyperlink blue), not a colour someone chose. */
export const LINK_COLOR = "0563C1";

/** The body text's size, in points, which the editor's sizes are relative to. */
const BODY_POINTS = 11;
/** Quill's sizes are em of the body text (small 0.75, large 1.5, huge 2.5), in Word's half-points. */
export const DOCX_SIZES: Readonly<Record<EditorSize, number>> = { small: 16, large: 32, huge: 56 };

/** The Word font of a run's `font` format, if it has one. */
export function docxFont(font: unknown): string | undefined {
  const name = EDITOR_FONTS.find((known) => known === font);
  return name === undefined ? undefined : DOCX_FONTS[name];
}

/** The Word size (half-points) of a run's `size` format, if it has one. */
export function docxSize(size: unknown): number | undefined {
  const name = EDITOR_SIZES.find((known) => known === size);
  return name === undefined ? undefined : DOCX_SIZES[name];
}

// Fonts read as the editor's serif or monospace: ours, then the usual ones of Word, LibreOffice
// and the web. Anything else is the default sans-serif.
const SERIF_FONTS = new Set(["times new roman", "times", "georgia", "cambria", "garamond", "book antiqua", "palatino linotype", "palatino", "liberation serif", "dejavu serif", "noto serif", "serif"]);
const MONOSPACE_FONTS = new Set(["courier new", "courier", "consolas", "menlo", "monaco", "lucida console", "liberation mono", "dejavu sans mono", "noto sans mono", "source code pro", "monospace"]);

/** The editor's font for a Word run's font name, if it is a serif or monospace one. */
export function editorFont(name: string | null | undefined): EditorFont | undefined {
  const key = name?.trim().toLowerCase() ?? "";
  if (SERIF_FONTS.has(key)) return "serif";
  return MONOSPACE_FONTS.has(key) ? "monospace" : undefined;
}

/**
 * The editor's size nearest a Word run's size in points (relative to the 11 pt body, split where
 * the ratios of neighbouring sizes meet), or undefined for the body's own size.
 */
export function editorSize(points: number | null | undefined): EditorSize | undefined {
  if (typeof points !== "number" || !Number.isFinite(points) || points <= 0) return undefined;
  const ratio = points / BODY_POINTS;
  if (ratio < Math.sqrt(0.75)) return "small";
  if (ratio < Math.sqrt(1.5)) return undefined;
  return ratio < Math.sqrt(1.5 * 2.5) ? "large" : "huge";
}

/** Word's named highlight colours (ST_HighlightColor), as the editor's backgrounds. */
export const WORD_HIGHLIGHTS: Readonly<Record<string, string>> = {
  yellow: "#ffff00", green: "#00ff00", cyan: "#00ffff", magenta: "#ff00ff", blue: "#0000ff", red: "#ff0000",
  darkBlue: "#000080", darkCyan: "#008080", darkGreen: "#008000", darkMagenta: "#800080", darkRed: "#800000",
  darkYellow: "#808000", darkGray: "#808080", lightGray: "#c0c0c0", black: "#000000", white: "#ffffff",
};

/** A CSS colour as Word's RRGGBB, or undefined for one it can't take (keywords). */
export function hexColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})(?:[0-9a-f]{1,2})?$/i.exec(value)?.[1];
  if (hex) return (hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex).toUpperCase();
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/i.exec(value);
  if (!rgb) return undefined;
  return rgb
    .slice(1, 4)
    .map((part) => Math.min(255, Number(part)).toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

/** Word's RRGGBB as the editor's colour value (its picker's lower-case #rrggbb). */
export function editorColor(hex: string): string {
  return `#${hex.toLowerCase()}`;
}
