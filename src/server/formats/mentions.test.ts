import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { renderDeltaHtml } from "@/server/body/render-delta-html";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { renderExportFile } from "./export/render-export-file";
import { htmlToDelta } from "./import/html-to-delta";
import { markdownToDelta } from "./import/markdown-to-delta";

const delta = {
  ops: [
    { insert: "Ask " },
    { insert: { mention: { id: "user_1", name: "Ann Old" } } },
    { insert: " and " },
    { insert: { mention: { id: "gone_2", name: "Bo" } }, attributes: { bold: true } },
    { insert: "\n" },
  ],
};
const names = new Map([["user_1", "Ann New"]]);

async function exported(format: "md" | "html" | "docx") {
  const html = await renderDeltaHtml(delta);
  return renderExportFile({ title: "T", delta, html }, format, {
    loadUpload: async () => null,
    origin: "http://localhost",
    mentionNames: async () => (id) => names.get(id),
  });
}

describe("mentions in exports and imports", () => {
  it("Markdown writes @Name with the current name (the stored one for a removed member), formats kept", async () => {
    const { body } = await exported("md");
    expect(body).toBe("# T\n\nAsk @Ann New and **@Bo**\n");
  });

  it("Markdown import leaves @Name as text", async () => {
    expect(sanitizeDelta(await markdownToDelta("Ask @Ann New\n")).delta.ops).toEqual([{ insert: "Ask @Ann New\n" }]);
  });

  it("HTML writes the mention span with the user id and current name, and imports back as mentions", async () => {
    const { body } = await exported("html");
    expect(body).toContain('Ask <span class="mention" data-user-id="user_1">@Ann New</span> and <strong><span class="mention" data-user-id="gone_2">@Bo</span></strong>');
    const imported = sanitizeDelta(await htmlToDelta(String(body))).delta.ops;
    expect(imported).toEqual([
      { insert: "T" }, { insert: "\n", attributes: { header: 1 } },
      { insert: "Ask " },
      { insert: { mention: { id: "user_1", name: "Ann New" } } },
      { insert: " and " },
      { insert: { mention: { id: "gone_2", name: "Bo" } }, attributes: { bold: true } },
      { insert: "\n" },
    ]);
  });

  it("HTML import keeps a mention span without a user id as its text", async () => {
    const ops = sanitizeDelta(await htmlToDelta('<p>Hi <span class="mention">@Ann</span>!</p>')).delta.ops;
    expect(ops).toEqual([{ insert: "Hi @Ann!\n" }]);
  });

  it("Word shows @Name as text", async () => {
    const { body } = await exported("docx");
    const xml = new TextDecoder().decode(unzipSync(body as Uint8Array)["word/document.xml"]);
    expect(xml).toContain("@Ann New");
    expect(xml).toContain("@Bo");
    expect(xml).not.toContain("user_1");
  });
});
