import { describe, expect, it } from "vitest";
import { anchorHeadings } from "./anchor-headings";
import { renderDeltaHtml } from "./render-delta-html";

describe("anchorHeadings", () => {
  it("gives the rendered body's headings the anchors the editor's contents list uses", async () => {
    const html = await renderDeltaHtml({
      ops: [
        { insert: "Goals & risks" },
        { insert: "\n", attributes: { header: 1 } },
        { insert: "Text " },
        { insert: "bold", attributes: { bold: true } },
        { insert: "\n" },
        { insert: "Centred " },
        { insert: "part", attributes: { italic: true } },
        { insert: "\n", attributes: { header: 2, align: "center" } },
        { insert: "\n", attributes: { header: 2 } },
        { insert: "Goals & risks" },
        { insert: "\n", attributes: { header: 3 } },
      ],
    });
    const { html: anchored, outline } = anchorHeadings(html);
    expect(outline).toEqual([
      { level: 1, text: "Goals & risks", anchor: "h-goals-and-risks" },
      { level: 2, text: "Centred part", anchor: "h-centred-part" },
      { level: 3, text: "Goals & risks", anchor: "h-goals-and-risks-2" },
    ]);
    expect(anchored).toContain('<h1 id="h-goals-and-risks">Goals &amp; risks</h1>');
    expect(anchored).toContain('<h2 id="h-centred-part" class="ql-align-center">Centred <em>part</em></h2>');
    expect(anchored).toContain('<h3 id="h-goals-and-risks-2">');
    // The empty heading keeps no id, and the text around the headings is untouched.
    expect(anchored).toContain("<h2><br></h2>");
    expect(anchored.replace(/ id="[^"]*"/g, "")).toBe(html);
  });

  it("gives CJK and emoji headings ids of their own text, as the editor does", async () => {
    const html = await renderDeltaHtml({
      ops: [{ insert: "概要" }, { insert: "\n", attributes: { header: 2 } }, { insert: "🎉 と 課題" }, { insert: "\n", attributes: { header: 2 } }],
    });
    const { html: anchored, outline } = anchorHeadings(html);
    expect(outline.map((entry) => entry.anchor)).toEqual(["h-概要", "h-🎉-と-課題"]);
    expect(anchored).toContain('<h2 id="h-概要">概要</h2>');
    expect(anchored).toContain('<h2 id="h-🎉-と-課題">🎉 と 課題</h2>');
  });

  it("leaves a body without headings as it was", () => {
    expect(anchorHeadings("<p>Plain</p>")).toEqual({ html: "<p>Plain</p>", outline: [] });
  });
});
