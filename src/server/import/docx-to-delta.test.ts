import { Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import { describe, expect, it } from "vitest";
import { sanitizeDelta } from "../documents/sanitize-delta";
import { docxToDelta } from "./docx-to-delta";

/** A small Word document built with the `docx` package, as Word would save it. */
export async function sampleDocx(): Promise<Uint8Array> {
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
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

describe("docxToDelta", () => {
  it("keeps headings, nested bullet lists, bold, italic and links", async () => {
    const { delta } = sanitizeDelta(await docxToDelta(await sampleDocx()));
    expect(delta.ops).toEqual([
      { insert: "Quarterly report" }, { insert: "\n", attributes: { header: 1 } },
      { insert: "Summary" }, { insert: "\n", attributes: { header: 2 } },
      { insert: "Sales were " }, { insert: "up", attributes: { bold: true } }, { insert: " a lot", attributes: { italic: true } },
      { insert: ".\nNorth" }, { insert: "\n", attributes: { list: "bullet" } },
      { insert: "Coast" }, { insert: "\n", attributes: { list: "bullet", indent: 1 } },
      { insert: "South" }, { insert: "\n", attributes: { list: "bullet" } },
      { insert: "See " }, { insert: "the report", attributes: { link: "https://example.com/report" } }, { insert: "\n" },
    ]);
  });

  it("throws for bytes that are not a Word document", async () => {
    await expect(docxToDelta(new TextEncoder().encode("not a zip"))).rejects.toThrow();
  });
});
