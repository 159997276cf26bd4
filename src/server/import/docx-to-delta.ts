import mammoth from "mammoth";
import type { BodyDelta } from "../documents/sanitize-delta";
import { htmlToDelta } from "./html-to-delta";

// Beyond mammoth's defaults: Word's "Title" paragraph (our DOCX export writes the title with
// it) becomes a first heading, which the import takes as the document's title, and underlines
// are kept (mammoth drops them unless asked).
const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "u => u"];

/**
 * The delta of a Word document: mammoth turns its structure (headings by style, lists,
 * bold/italic/underline/strike, links, tables, images as data: URIs) into HTML, which goes
 * through Quill's clipboard like any other import. Colours, fonts, sizes and alignment are
 * not carried over by mammoth.
 * @throws Error when the bytes are not a readable .docx
 */
export async function docxToDelta(bytes: Uint8Array): Promise<BodyDelta> {
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }, { styleMap: STYLE_MAP });
  const delta = await htmlToDelta(value);
  // Word underlines every link as part of its look; in the editor a link is underlined anyway.
  for (const op of delta.ops) {
    if (op.attributes?.link !== undefined && op.attributes.underline === true) delete op.attributes.underline;
  }
  return delta;
}
