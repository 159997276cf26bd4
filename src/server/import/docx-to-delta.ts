import mammoth from "mammoth";
import type { BodyDelta } from "../documents/sanitize-delta";
import { htmlToDelta } from "./html-to-delta";

/**
 * The delta of a Word document: mammoth turns its structure (headings by style, lists,
 * bold/italic/underline/strike, links, tables, images as data: URIs) into HTML, which goes
 * through Quill's clipboard like any other import. Colours, fonts, sizes and alignment are
 * not carried over by mammoth.
 * @throws Error when the bytes are not a readable .docx
 */
export async function docxToDelta(bytes: Uint8Array): Promise<BodyDelta> {
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  return htmlToDelta(value);
}
