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

  it("throws for bytes that are not a Word document", async () => {
    await expect(docxToDelta(new TextEncoder().encode("not a zip"))).rejects.toThrow();
  });
});
