import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { BodyOp } from "@/server/body/sanitize-delta";
import { toDocx } from "./to-docx";

async function documentXml(ops: BodyOp[], part = "word/document.xml"): Promise<string> {
  const bytes = await toDocx({ title: "T", delta: { ops }, images: new Map() });
  return new TextDecoder().decode(unzipSync(bytes)[part]);
}

const numIds = (xml: string) => [...xml.matchAll(/<w:numId w:val="(\d+)"\/>/g)].map((m) => m[1]);

describe("toDocx", () => {
  it("numbers each run of list lines as its own list, as the editor does", async () => {
    const xml = await documentXml([
      { insert: "a" }, { insert: "\n", attributes: { list: "ordered" } },
      { insert: "b" }, { insert: "\n", attributes: { list: "ordered" } },
      { insert: "between\n" },
      { insert: "c" }, { insert: "\n", attributes: { list: "ordered" } },
    ]);
    const [first, second, third] = numIds(xml);
    expect(first).toBe(second);
    expect(third).not.toBe(first);
  });

  it("keeps alignment, nesting level, code in a monospace font and refused links as plain text", async () => {
    const xml = await documentXml([
      { insert: "centred" }, { insert: "\n", attributes: { align: "center" } },
      { insert: "deep" }, { insert: "\n", attributes: { list: "bullet", indent: 2 } },
      { insert: "let x = 1;" }, { insert: "\n", attributes: { "code-block": "javascript" } },
      { insert: "nowhere", attributes: { link: "about:blank" } }, { insert: "\n" },
    ]);
    expect(xml).toContain('<w:jc w:val="center"/>');
    expect(xml).toContain('<w:ilvl w:val="2"/>');
    expect(xml).toMatch(/w:ascii="Courier New"[\s\S]*let x = 1;/);
    expect(xml).toContain("nowhere");
    expect(xml).not.toContain("about:blank");
  });

  it("names code blocks, quotes, check lists, inline code and formulas by styles that look as their formatting does", async () => {
    const ops: BodyOp[] = [
      { insert: "x  = 1" }, { insert: "\n", attributes: { "code-block": "javascript" } },
      { insert: "said" }, { insert: "\n", attributes: { blockquote: true } },
      { insert: "done" }, { insert: "\n", attributes: { list: "checked" } },
      { insert: "open" }, { insert: "\n", attributes: { list: "unchecked", indent: 1 } },
      { insert: "run " }, { insert: "npm test", attributes: { code: true } }, { insert: { formula: "e=mc^2" } }, { insert: "\n" },
    ];
    const xml = await documentXml(ops);
    const styles = await documentXml(ops, "word/styles.xml");
    for (const [id, name] of [["Code", "Code"], ["CodeJavascript", "Code (JavaScript)"], ["Quote", "Quote"], ["CheckList", "Check List"], ["CheckList2", "Check List 2"], ["InlineCode", "Inline Code"], ["Formula", "Formula"]]) {
      expect(styles).toContain(`w:styleId="${id}"`);
      expect(styles).toContain(`<w:name w:val="${name}"/>`);
    }
    // The code line: its language's style, still Courier New and shaded directly, spaces kept.
    expect(xml).toMatch(/<w:pStyle w:val="CodeJavascript"\/>.*?<w:shd [^>]*w:fill="F6F8FA"[\s\S]*?w:ascii="Courier New"[\s\S]*?<w:t xml:space="preserve">x {2}= 1<\/w:t>/);
    expect(xml).toMatch(/<w:pStyle w:val="Quote"\/>[\s\S]*?<w:left [^>]*w:color="C8CCD0"/);
    // A check box Word ticks, showing ☑ or ☐ as the editor does.
    expect(xml).toMatch(/<w:pStyle w:val="CheckList"\/>[\s\S]*?<w14:checkbox><w14:checked w14:val="1"\/><w14:checkedState w14:val="2611"/);
    expect(xml).toMatch(/<w:pStyle w:val="CheckList2"\/>[\s\S]*?<w14:checked w14:val="0"\/>/);
    expect(xml).not.toMatch(/[☐☑] /);
    expect(xml).toMatch(/<w:rStyle w:val="InlineCode"\/>[\s\S]*?npm test/);
    expect(xml).toMatch(/<w:rStyle w:val="Formula"\/>[\s\S]*?w:ascii="Cambria Math"[\s\S]*?e=mc\^2/);
  });

  it("defines no style the document doesn't use", async () => {
    const styles = await documentXml([{ insert: "Just text\n" }], "word/styles.xml");
    for (const id of ["Code", "Quote", "CheckList", "InlineCode", "Formula"]) expect(styles).not.toContain(`w:styleId="${id}"`);
  });
});
