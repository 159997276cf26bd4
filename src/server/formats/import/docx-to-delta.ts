import { zipSync } from "fflate";
import mammoth from "mammoth";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import { ZipArchive, ZipReadError } from "@/server/storage/zip-archive";
import { MAX_DOCX_XML_BYTES, MAX_DOCX_XML_ELEMENTS, tooLargeDocxXml, tooManyDocxXmlElements } from "./conversion-limits";
import { docxStyleMap } from "@/server/formats/docx-styles";
import { finishDocxHtml, transformDocx } from "./docx-html";
import { markRunColours } from "./docx-run-formats";
import { htmlToDelta } from "./html-to-delta";
import { UnreadableFileError, overLimitError } from "./unreadable-file-error";

// Beyond mammoth's defaults: Word's "Title" paragraph (our DOCX export writes the title with
// it) becomes a first heading, which the import takes as the document's title; the styles the
// export names code, quotes, check lists and formulas by (docx-styles.ts) become theirs; and
// underlines are kept (mammoth drops them unless asked).
const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", ...docxStyleMap(), "u => u"];

/** What the parts of one .docx may unpack to (its XML compresses about tenfold; pictures not at all). */
export const MAX_DOCX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** Parts one .docx may hold. */
const MAX_DOCX_ENTRIES = 5000;

/**
 * The delta of a Word document: mammoth turns its structure (headings, code blocks, quotes and
 * inline code by style, lists, checkboxes, bold/italic/underline/strike, links, tables, images
 * as data: URIs, empty lines) into HTML, finished by docx-html.ts, which goes through Quill's
 * clipboard like any other import. Runs' colours, backgrounds, fonts and sizes go through
 * docx-run-formats.ts, since mammoth reads only some of them; alignment and indentation are lost.
 * @throws UnreadableFileError when the file is a zip bomb; Error when it is not a readable .docx
 */
export async function docxToDelta(bytes: Uint8Array): Promise<BodyDelta> {
  const parts = await readHonestZip(bytes);
  const input = withRunColours(parts) ?? bytes;
  const { value } = await mammoth.convertToHtml(
    { buffer: Buffer.from(input.buffer, input.byteOffset, input.byteLength) },
    // An empty paragraph is an empty line of the document (the export writes one for each).
    { styleMap: STYLE_MAP, transformDocument: transformDocx, ignoreEmptyParagraphs: false },
  );
  const delta = await htmlToDelta(finishDocxHtml(value));
  // Word underlines every link as part of its look; in the editor a link is underlined anyway.
  for (const op of delta.ops) {
    if (op.attributes?.link !== undefined && op.attributes.underline === true) delete op.attributes.underline;
  }
  return delta;
}

/**
 * The .docx again with its runs' colours and shading where mammoth reads them
 * (docx-run-formats.ts markRunColours), or null when no part has any. Stored, not compressed:
 * it is only read once, here, by mammoth.
 */
function withRunColours(parts: ReadonlyMap<string, Uint8Array>): Uint8Array | null {
  let changed = false;
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const [name, bytes] of parts) {
    let content = bytes;
    if (/^word\/[^/]+\.xml$/i.test(name)) {
      const xml = new TextDecoder().decode(bytes);
      const marked = markRunColours(xml);
      if (marked !== xml) {
        content = new TextEncoder().encode(marked);
        changed = true;
      }
    }
    files[name] = [content, { level: 0 }];
  }
  return changed ? zipSync(files) : null;
}

/**
 * A .docx is a zip, and mammoth inflates every part it reads in full, trusting the sizes the
 * zip declares. So every part is first inflated through ZipArchive, which stops at the
 * declared size: a file whose parts lie about their size, or add up to more than
 * MAX_DOCX_UNPACKED_BYTES, is refused before mammoth sees it. Returns the parts by name.
 */
async function readHonestZip(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  // Not a zip at all: ZipArchive's error, which the import reports as an unreadable file.
  const zip = await ZipArchive.open(bytes, { maxEntries: MAX_DOCX_ENTRIES });
  try {
    if (zip.declaredSize() > MAX_DOCX_UNPACKED_BYTES) {
      throw overLimitError("It could not be read as a Word document: it unpacks to more than 200 MB (a possible zip bomb).");
    }
    // mammoth parses the XML parts whole into its own tree, about 1 KB an element: a .docx of
    // 150 KB unpacking to 1.5 million tiny paragraphs (51 MB) ran a worker out of memory. What the
    // parts may unpack to is known before inflating them (ZipArchive stops at the declared size),
    // and their elements are counted in the bytes before mammoth sees them (docs/product.md "Limits").
    const xmlParts = zip.entries().filter((entry) => isXmlPart(entry.name));
    const xmlBytes = xmlParts.reduce((sum, entry) => sum + entry.declaredSize, 0);
    if (xmlBytes > MAX_DOCX_XML_BYTES) throw tooLargeDocxXml(xmlBytes);
    let elements = 0;
    const parts = new Map<string, Uint8Array>();
    for (const entry of zip.entries()) {
      if (entry.name.endsWith("/")) continue;
      const part = await zip.read(entry.name, MAX_DOCX_UNPACKED_BYTES);
      if (isXmlPart(entry.name)) elements += countXmlElements(part);
      parts.set(entry.name, part);
    }
    if (elements > MAX_DOCX_XML_ELEMENTS) throw tooManyDocxXmlElements(elements);
    return parts;
  } catch (error) {
    if (error instanceof ZipReadError) throw new UnreadableFileError(`It could not be read as a Word document: ${error.message}.`);
    throw error;
  } finally {
    zip.close();
  }
}

/** The parts mammoth may parse as XML (the document, its styles, numbering, notes and comments, and their relationships). */
function isXmlPart(name: string): boolean {
  return /\.(?:xml|rels)$/i.test(name);
}

/** The start tags in XML bytes: `<` followed by a name (not `</`, `<?` or `<!`). */
export function countXmlElements(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = buffer.indexOf(0x3c); at >= 0; at = buffer.indexOf(0x3c, at + 1)) {
    const next = buffer[at + 1];
    if (next !== undefined && next !== 0x2f && next !== 0x3f && next !== 0x21) count += 1;
  }
  return count;
}
