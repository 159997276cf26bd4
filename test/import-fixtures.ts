import { Document, ExternalHyperlink, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from "docx";

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
