import { MAX_UPLOAD_BYTES } from "./editor-rules";

/** What `POST /api/v1/import` reads, by file-name extension (lower-case, without the dot). */
export const IMPORT_KINDS = {
  md: "markdown",
  markdown: "markdown",
  html: "html",
  htm: "html",
  docx: "docx",
  zip: "zip",
} as const;
export type ImportKind = (typeof IMPORT_KINDS)[keyof typeof IMPORT_KINDS];

/** The import dialog's file input `accept` attribute. */
export const IMPORT_ACCEPT_ATTRIBUTE = Object.keys(IMPORT_KINDS).map((extension) => `.${extension}`).join(",");

/** Each imported file (and each file inside a zip, images included) is at most 10 MB, like an upload. */
export const MAX_IMPORT_FILE_BYTES = MAX_UPLOAD_BYTES;
/** Documents one import may create, folders included; the rest are skipped and listed. */
export const MAX_IMPORT_DOCUMENTS = 500;
/** What all the files in one import's zips may unpack to, read from their directories before anything is inflated. */
export const MAX_IMPORT_UNPACKED_BYTES = 200 * 1024 * 1024;
/** Entries one zip may list (documents, folders, images and anything else). */
export const MAX_ZIP_ENTRIES = 5000;

/** The kind of file `name` is by its extension, or null when import doesn't read it. */
export function importKindOf(name: string): ImportKind | null {
  const extension = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";
  return Object.prototype.hasOwnProperty.call(IMPORT_KINDS, extension) ? IMPORT_KINDS[extension as keyof typeof IMPORT_KINDS] : null;
}

/** A file name without its folder and extension: the title of a document with no heading to give one. */
export function titleFromFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  return base.replace(/\.[^.]+$/, "").trim();
}
