import { describe, expect, it } from "vitest";
import { markdownToDelta } from "./markdown-to-delta";

describe("markdownToDelta", () => {
  it("turns headings, emphasis, lists, links and code into the editor's formats", async () => {
    const delta = await markdownToDelta("# Plan\n\nSome **bold** and *italic* [text](https://example.com).\n\n- one\n- two\n\n```\nlet x = 1;\n```\n");
    expect(delta.ops).toEqual(
      expect.arrayContaining([
        { insert: "Plan" },
        { insert: "\n", attributes: { header: 1 } },
        { insert: "bold", attributes: { bold: true } },
        { insert: "italic", attributes: { italic: true } },
        { insert: "text", attributes: { link: "https://example.com" } },
        { insert: "two" },
        { insert: "\n", attributes: { list: "bullet" } },
        { insert: "\n", attributes: { "code-block": "plain" } },
      ]),
    );
    const text = delta.ops.map((op) => (typeof op.insert === "string" ? op.insert : "")).join("");
    expect(text).toContain("let x = 1;");
  });

  it("keeps raw HTML inert: a script is not text the editor could run", async () => {
    const delta = await markdownToDelta('Hi <script>alert(1)</script><img src=x onerror="alert(2)">');
    expect(JSON.stringify(delta)).not.toContain("onerror");
  });
});
