import { describe, expect, it } from "vitest";
import { finishRunFormats, formatRun, markRunColours, readRun } from "./docx-run-formats";

const plain = { inCode: false, inLink: false };

describe("markRunColours", () => {
  it("writes a run's colour, shading fill and highlight into its one w:highlight", () => {
    const xml = '<w:p><w:r w:rsidR="1"><w:rPr><w:b/><w:color w:val="E60000"/><w:highlight w:val="yellow"/><w:shd w:val="clear" w:color="auto" w:fill="FFFF00"/></w:rPr><w:t>a</w:t></w:r></w:p>';
    expect(markRunColours(xml)).toBe('<w:p><w:r w:rsidR="1"><w:rPr><w:b/><w:color w:val="E60000"/><w:shd w:val="clear" w:color="auto" w:fill="FFFF00"/><w:highlight w:val="quire:E60000:FFFF00:yellow"/></w:rPr><w:t>a</w:t></w:r></w:p>');
  });

  it("reads single quotes, leaves automatic colours, runs without properties and other elements alone", () => {
    expect(markRunColours("<w:r><w:rPr><w:color w:val='00ff00'/></w:rPr></w:r>")).toBe("<w:r><w:rPr><w:color w:val='00ff00'/><w:highlight w:val=\"quire:00ff00::\"/></w:rPr></w:r>");
    const untouched = ['<w:r><w:rPr><w:color w:val="auto"/><w:shd w:fill="auto"/></w:rPr></w:r>', "<w:r/><w:r />", "<w:r><w:t>x</w:t></w:r>", '<w:pPr><w:rPr><w:color w:val="FF0000"/></w:rPr></w:pPr>', '<w:rPr><w:color w:val="FF0000"/></w:rPr>'];
    for (const xml of untouched) expect(markRunColours(xml)).toBe(xml);
  });

  it("reads a run's own properties, not a tracked change's old ones inside them, and keeps those", () => {
    const change = '<w:rPrChange w:id="1"><w:rPr><w:color w:val="0000FF"/><w:highlight w:val="green"/></w:rPr></w:rPrChange>';
    expect(markRunColours(`<w:r><w:rPr><w:i/>${change}</w:rPr><w:t>a</w:t></w:r>`)).toBe(`<w:r><w:rPr><w:i/>${change}</w:rPr><w:t>a</w:t></w:r>`);
    expect(markRunColours(`<w:r><w:rPr><w:highlight w:val="red"/>${change}<w:shd w:fill="CCE8CC"/></w:rPr></w:r>`)).toBe(`<w:r><w:rPr>${change}<w:shd w:fill="CCE8CC"/><w:highlight w:val="quire::CCE8CC:red"/></w:rPr></w:r>`);
  });
});

describe("readRun", () => {
  const run = (properties: Record<string, unknown>) => ({ type: "run", styleName: null, font: null, fontSize: null, highlight: null, children: [], ...properties });

  it("gives the editor's formats and puts Word's highlight back", () => {
    const read = readRun(run({ highlight: "quire:E60000:FFFF00:yellow", font: "Georgia", fontSize: 14 }), plain);
    expect(read.formats).toEqual({ color: "#e60000", background: "#ffff00", font: "serif", size: "large" });
    expect(read.run.highlight).toBe("yellow");
    expect(readRun(run({ highlight: "darkCyan", font: "Consolas", fontSize: 8 }), plain).formats).toEqual({ background: "#008080", font: "monospace", size: "small" });
  });

  it("takes the export's own looks for none: inline code's font and grey, a link's blue, code lines, formulas", () => {
    expect(readRun(run({ styleName: "Inline Code", font: "Courier New", highlight: "quire::EFF1F3:" }), plain).formats).toBeUndefined();
    expect(readRun(run({ styleName: "Inline Code", highlight: "quire:008A00:EFF1F3:" }), plain).formats).toEqual({ color: "#008a00" });
    expect(readRun(run({ highlight: "quire:0563C1::" }), { inCode: false, inLink: true }).formats).toBeUndefined();
    expect(readRun(run({ font: "Courier New", fontSize: 10 }), { inCode: true, inLink: false }).formats).toBeUndefined();
    expect(readRun(run({ styleName: "Formula", font: "Cambria Math" }), plain).formats).toBeUndefined();
    expect(readRun(run({ font: "Calibri", fontSize: 11 }), plain).formats).toBeUndefined();
  });

  it("reads only RRGGBB and Word's highlight names from a document that writes the mark itself", () => {
    expect(readRun(run({ highlight: 'quire:"><x:zz;color=red:constructor' }), plain).formats).toBeUndefined();
    expect(readRun(run({ highlight: "constructor" }), plain).formats).toBeUndefined();
  });
});

describe("finishRunFormats", () => {
  it("makes the wrapper's span the editor's markup, and leaves other spans and bookmarks alone", () => {
    const wrapper = formatRun(readRun({ type: "run", children: [] }, plain).run, { color: "#e60000", background: "#ffff00", font: "serif", size: "huge" });
    const bookmark = wrapper.children?.[0];
    const name = typeof bookmark?.name === "string" ? bookmark.name : "";
    expect(finishRunFormats(`<p><span class="quire-run-format"><a id="${name}"></a><strong>a</strong></span><a id="_Toc1"></a></p>`)).toBe(
      '<p><span style="color:#e60000;background-color:#ffff00" class="ql-font-serif ql-size-huge"><strong>a</strong></span><a id="_Toc1"></a></p>',
    );
    const odd = '<span class="quire-run-format"><a id="quire-run-format:color=&quot;x"></a>a</span>';
    expect(finishRunFormats(odd)).toBe(odd);
  });
});
