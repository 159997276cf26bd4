import { Document, ExternalHyperlink, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from "docx";
import { strToU8, zipSync } from "fflate";

/** A small Word document built with the `docx` package, as Word would save it (with `image`: a picture after the text). */
export async function sampleDocx(options: { image?: Uint8Array } = {}): Promise<Uint8Array> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: "Quarterly report", heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: "Summary", heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ children: [new TextRun("Sales were "), new TextRun({ text: "up", bold: true }), new TextRun({ text: " a lot", italics: true }), new TextRun(".")] }),
          new Paragraph({ text: "North", bullet: { level: 0 } }),
          new Paragraph({ text: "Coast", bullet: { level: 1 } }),
          new Paragraph({ text: "South", bullet: { level: 0 } }),
          new Paragraph({ children: [new TextRun("See "), new ExternalHyperlink({ link: "https://example.com/report", children: [new TextRun("the report")] })] }),
          ...(options.image ? [new Paragraph({ children: [new ImageRun({ type: "png", data: options.image, transformation: { width: 10, height: 10 } })] })] : []),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

/**
 * A .docx of `count` one-letter paragraphs, only word/document.xml and the two parts that find it:
 * 1,500,000 of them are the 150 KB file (51 MB of XML) that ran a body worker out of memory.
 */
export function docxOfParagraphs(count: number): Uint8Array {
  const body = "<w:p><w:r><w:t>A</w:t></w:r></w:p>".repeat(count);
  return zipSync({
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    "_rels/.rels": strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    "word/document.xml": strToU8(`<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`),
  });
}
