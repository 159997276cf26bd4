import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { BodyOp } from "@/server/body/sanitize-delta";
import { toDocx } from "./to-docx";

async function documentXml(ops: BodyOp[]): Promise<string> {
  const bytes = await toDocx({ title: "T", delta: { ops }, images: new Map() });
  return new TextDecoder().decode(unzipSync(bytes)["word/document.xml"]);
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
});
