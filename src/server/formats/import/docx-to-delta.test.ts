import { CheckBox, Document, Packer, Paragraph, ShadingType, Tab, TextRun } from "docx";
import { describe, expect, it } from "vitest";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { sampleDocx } from "@test/import-fixtures";
import { docxToDelta } from "./docx-to-delta";

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

  it("reads other documents' code, quote and inline-code styles, checkboxes, and ☐/☑ typed at a list item's start", async () => {
    // Word's own styles ("HTML Preformatted", "Quote", "HTML Code"), pandoc's ("Source Code",
    // "Verbatim Char"); a checkbox content control in a plain paragraph; a bullet list of typed
    // boxes; a paragraph a Quire export before named styles wrote (a ☑ and a space).
    const bytes = new Uint8Array(await Packer.toBuffer(new Document({
      styles: {
        paragraphStyles: ["HTML Preformatted", "Source Code", "Quote"].map((name) => ({ id: name.replace(/ /g, ""), name, basedOn: "Normal" })),
        characterStyles: ["HTML Code", "Verbatim Char"].map((name) => ({ id: name.replace(/ /g, ""), name })),
      },
      sections: [{
        children: [
          new Paragraph({ style: "HTMLPreformatted", children: [new TextRun("  indented  code")] }),
          new Paragraph({ style: "HTMLPreformatted", children: [] }),
          new Paragraph({ style: "HTMLPreformatted", children: [new TextRun("after a blank line")] }),
          new Paragraph({ style: "SourceCode", children: [new TextRun("x = 1")] }),
          new Paragraph({ style: "Quote", children: [new TextRun("Said once.")] }),
          new Paragraph({ children: [new TextRun("Run "), new TextRun({ text: "a  b", style: "HTMLCode" }), new TextRun(" or "), new TextRun({ text: "c", style: "VerbatimChar" })] }),
          new Paragraph({ children: [new CheckBox({ checked: true }), new TextRun(" Boxed")] }),
          new Paragraph({ text: "☐ Typed open", bullet: { level: 0 } }),
          new Paragraph({ text: "☒\tTyped done", bullet: { level: 1 } }),
          new Paragraph({ text: "☑ Old export" }),
          new Paragraph({ text: "A ☐ inside a line stays text" }),
        ],
      }],
    })));
    const { delta } = sanitizeDelta(await docxToDelta(bytes));
    expect(delta.ops).toEqual([
      { insert: "  indented  code" }, { insert: "\n\n", attributes: { "code-block": "plain" } },
      { insert: "after a blank line" }, { insert: "\n", attributes: { "code-block": "plain" } },
      { insert: "x = 1" }, { insert: "\n", attributes: { "code-block": "plain" } },
      { insert: "Said once." }, { insert: "\n", attributes: { blockquote: true } },
      { insert: "Run " }, { insert: "a  b", attributes: { code: true } }, { insert: " or " }, { insert: "c", attributes: { code: true } },
      { insert: "\nBoxed" }, { insert: "\n", attributes: { list: "checked" } },
      { insert: "Typed open" }, { insert: "\n", attributes: { list: "unchecked" } },
      { insert: "Typed done" }, { insert: "\n", attributes: { list: "checked", indent: 1 } },
      { insert: "Old export" }, { insert: "\n", attributes: { list: "checked" } },
      { insert: "A ☐ inside a line stays text\n" },
    ]);
  });

  it("reads other documents' colours, highlights, shading, fonts and sizes, empty paragraphs as empty lines, and tabs", async () => {
    const bytes = new Uint8Array(await Packer.toBuffer(new Document({
      sections: [{
        children: [
          new Paragraph({ children: [new TextRun({ text: "Red", color: "C00000" }), new TextRun(" and "), new TextRun({ text: "highlighted", highlight: "yellow" })] }),
          new Paragraph({}),
          new Paragraph({ children: [new TextRun({ text: "Shaded", shading: { type: ShadingType.CLEAR, fill: "D9EAD3", color: "auto" } }), new TextRun({ text: "\tGeorgia 14", font: "Georgia", size: 28 })] }),
          new Paragraph({ children: [new TextRun({ text: "Consolas 8", font: "Consolas", size: 16 }), new TextRun({ text: "Aptos 12", font: "Aptos", size: 24 }), new TextRun({ text: "Huge", size: 48 })] }),
          new Paragraph({ children: [new TextRun({ children: ["Tab", new Tab(), "stop"] })] }),
        ],
      }],
    })));
    const { delta } = sanitizeDelta(await docxToDelta(bytes));
    expect(delta.ops).toEqual([
      { insert: "Red", attributes: { color: "#c00000" } }, { insert: " and " }, { insert: "highlighted", attributes: { background: "#ffff00" } },
      { insert: "\n\n" },
      { insert: "Shaded", attributes: { background: "#d9ead3" } }, { insert: "\tGeorgia 14", attributes: { font: "serif", size: "large" } }, { insert: "\n" },
      { insert: "Consolas 8", attributes: { font: "monospace", size: "small" } }, { insert: "Aptos 12" }, { insert: "Huge", attributes: { size: "huge" } },
      { insert: "\nTab\tstop\n" },
    ]);
  });

  it("throws for bytes that are not a Word document", async () => {
    await expect(docxToDelta(new TextEncoder().encode("not a zip"))).rejects.toThrow();
  });
});
