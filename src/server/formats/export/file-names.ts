import slugify from "@sindresorhus/slugify";

/** The name of an export whose title gives no ASCII name (日本語のメモ, 🎉🎉, an empty title). */
export const FALLBACK_FILE_NAME = "untitled";
const MAX_ASCII_LENGTH = 80;
// A file name may take 255 bytes on most file systems; the extension and a zip's "-2" need room.
const MAX_TITLE_BYTES = 200;

/**
 * The ASCII name of an export titled `title`, without extension: its slug ("Année 2026" →
 * "annee-2026", at most 80 characters), else "untitled". What the download's plain `filename`
 * and every name inside a tree's zip are, since both must be safe on any system and in any tool.
 */
export function asciiFileName(title: string): string {
  return slugify(title).slice(0, MAX_ASCII_LENGTH).replace(/-+$/, "") || FALLBACK_FILE_NAME;
}

/**
 * The name a download is saved under, without extension: the title itself as far as a file
 * name can hold it (RFC 6266's `filename*`), so 日本語のメモ downloads as 日本語のメモ.md. What no
 * common file system takes becomes "-" (`/ \ : * ? " < > |`), control characters and the marks
 * that reorder text (which could make "x\u202Egpj.md" read as "xdm.jpg") go, runs of whitespace
 * are one space, leading dots (a hidden file) and trailing dots and spaces (Windows drops them)
 * go, and it is cut to 200 bytes of UTF-8 between two characters as shown. "untitled" when
 * nothing is left.
 */
export function titleFileName(title: string): string {
  const cleaned = title
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/[\\/:*?"<>|]/g, "-")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  const name = cutToBytes(cleaned, MAX_TITLE_BYTES).replace(/[\s.]+$/, "");
  // Windows' device names are no file names, whatever the extension.
  if (/^(?:con|prn|aux|nul|com\d|lpt\d)$/i.test(name)) return `${name}-`;
  return name || FALLBACK_FILE_NAME;
}

function cutToBytes(text: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).byteLength <= maxBytes) return text;
  let out = "";
  let bytes = 0;
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)) {
    bytes += encoder.encode(segment).byteLength;
    if (bytes > maxBytes) break;
    out += segment;
  }
  return out;
}
