import mammoth from "mammoth";
import { describe, expect, it } from "vitest";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { renderDeltaHtml, deltaToPlainText } from "@/server/body/render-delta-html";
import { tableLimitProblem } from "@/server/body/table-limits";
import { markdownToDelta } from "./import/markdown-to-delta";
import { htmlToDelta } from "./import/html-to-delta";
import { convertFile } from "./import/convert-file";
import { toMarkdown } from "./export/to-markdown";
import { toDocx } from "./export/to-docx";

// Tables (docs/product.md "Tables"): a cell is a line whose `table` attribute is its row's id.
const GFM = [
  "| Name | Role | Notes |",
  "| --- | --- | --- |",
  "| **Ada** | [Lead](https://example.com/ada) | `x \\| y` |",
  "| Grace | Dev | *fast* |",
  "",
].join("\n");

function cells(delta: BodyDelta): { text: string; row: unknown; header: boolean }[] {
  const result: { text: string; row: unknown; header: boolean }[] = [];
  let text = "";
  for (const op of delta.ops) {
    if (typeof op.insert !== "string") continue;
    const parts = op.insert.split("\n");
    parts.forEach((part, index) => {
      text += part;
      if (index === parts.length - 1) return;
      if (op.attributes?.table !== undefined) result.push({ text, row: op.attributes.table, header: op.attributes["table-header"] === true });
      text = "";
    });
  }
  return result;
}

describe("tables", () => {
  it("import a GFM table with its header row, inline formats and an escaped pipe", async () => {
    const delta = sanitizeDelta(await markdownToDelta(GFM)).delta;
    const found = cells(delta);
    expect(found.map((cell) => cell.text)).toEqual(["Name", "Role", "Notes", "Ada", "Lead", "x | y", "Grace", "Dev", "fast"]);
    expect(found.slice(0, 3).every((cell) => cell.header)).toBe(true);
    expect(found.slice(3).some((cell) => cell.header)).toBe(false);
    expect(new Set(found.map((cell) => cell.row)).size).toBe(3);
    expect(delta.ops).toContainEqual({ insert: "Ada", attributes: { bold: true } });
    expect(delta.ops).toContainEqual({ insert: "x | y", attributes: { code: true } });
  });

  it("round-trip Markdown → document → Markdown keeping every cell", async () => {
    const delta = sanitizeDelta(await markdownToDelta(GFM)).delta;
    const markdown = toMarkdown(delta);
    expect(markdown).toBe(
      "| Name | Role | Notes |\n| --- | --- | --- |\n| **Ada** | [Lead](https://example.com/ada) | `x \\| y` |\n| Grace | Dev | *fast* |\n",
    );
    const again = sanitizeDelta(await markdownToDelta(markdown)).delta;
    expect(cells(again).map((cell) => cell.text)).toEqual(cells(delta).map((cell) => cell.text));
  });

  it("write a table without a header row under an empty one, padding short rows", () => {
    const markdown = toMarkdown({
      ops: [
        { insert: "a" }, { insert: "\n", attributes: { table: "row-1a" } },
        { insert: "b" }, { insert: "\n", attributes: { table: "row-1a" } },
        { insert: "c" }, { insert: "\n", attributes: { table: "row-2b" } },
      ],
    });
    expect(markdown).toBe("|  |  |\n| --- | --- |\n| a | b |\n| c |  |\n");
  });

  it("keep merged cells as plain cells with their text", async () => {
    const delta = sanitizeDelta(await htmlToDelta('<table><tr><td colspan="2">wide</td><td>c</td></tr><tr><td rowspan="2">tall</td><td>e</td><td>f</td></tr><tr><td>h</td><td>i</td></tr></table>')).delta;
    const rows = new Map<unknown, string[]>();
    for (const cell of cells(delta)) rows.set(cell.row, [...(rows.get(cell.row) ?? []), cell.text]);
    expect([...rows.values()]).toEqual([["wide", "", "c"], ["tall", "e", "f"], ["", "h", "i"]]);
  });

  it("sanitise cells like any text and keep only well-formed row ids", async () => {
    const { delta, changed } = sanitizeDelta({
      ops: [
        { insert: "x", attributes: { link: "javascript:alert(1)" } },
        { insert: "\n", attributes: { table: "row-ok1", "table-header": true } },
        { insert: "y" },
        { insert: "\n", attributes: { table: '"><img src=x onerror=alert(1)>', "table-header": "yes" } },
        { insert: "z" },
        { insert: "\n", attributes: { table: 3 } },
      ],
    });
    expect(changed).toBe(true);
    expect(delta.ops).toEqual([
      { insert: "x", attributes: { link: "about:blank" } },
      { insert: "\n", attributes: { table: "row-ok1", "table-header": true } },
      { insert: "y" },
      { insert: "\n" },
      { insert: "z" },
      { insert: "\n", attributes: { table: 3 } },
    ]);
    // A header mark off a table cell means nothing and is dropped.
    expect(sanitizeDelta({ ops: [{ insert: "p\n", attributes: { "table-header": true } }] }).delta.ops).toEqual([{ insert: "p\n" }]);
    expect(JSON.stringify(delta)).not.toContain("onerror");
    const html = await renderDeltaHtml(delta);
    expect(html).toContain('<td data-row="row-ok1" data-table-header="true"><a href="about:blank"');
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("javascript:");
  });

  it("render a table into the stored HTML and its text into the search text", async () => {
    const delta = sanitizeDelta(await markdownToDelta(GFM)).delta;
    const html = await renderDeltaHtml(delta);
    expect(html).toMatch(/^<table><tbody><tr><td data-row="row-[a-z0-9]+" data-table-header="true">Name<\/td>/);
    expect(html.match(/<td /g)).toHaveLength(9);
    expect(deltaToPlainText(delta)).toContain("Grace\nDev\nfast\n");
  });

  it("refuse a table wider than 100 columns or larger than 10,000 cells", async () => {
    const row = (id: string, count: number) => ({ insert: "\n".repeat(count), attributes: { table: id } });
    expect(tableLimitProblem({ ops: [row("row-a", 100)] })).toBeNull();
    expect(tableLimitProblem({ ops: [row("row-a", 101)] })).toBe("A table may have at most 100 columns; this one has 101.");
    const tall = Array.from({ length: 101 }, (_, index) => row(`row-r${index}`, 100));
    expect(tableLimitProblem({ ops: tall })).toBe("A table may have at most 10,000 cells; this one has 10,100.");
    // Two tables apart are counted apart.
    expect(tableLimitProblem({ ops: [...tall.slice(0, 60), { insert: "between\n" }, ...tall.slice(60)] })).toBeNull();
    const wide = `| ${Array.from({ length: 101 }, (_, index) => `c${index}`).join(" | ")} |\n|${" --- |".repeat(101)}\n`;
    await expect(convertFile({ kind: "markdown", bytes: new TextEncoder().encode(wide) })).rejects.toThrow("at most 100 columns; this one has 101");
  });

  it("export a Word table that mammoth reads back with every cell", async () => {
    const delta = sanitizeDelta(await markdownToDelta(GFM)).delta;
    const bytes = await toDocx({ title: "T", delta, images: new Map() });
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    for (const text of ["Name", "Role", "Notes", "Ada", "Lead", "x | y", "Grace", "Dev", "fast"]) expect(value).toContain(text);
    expect(value.match(/<t[dh]>/g)).toHaveLength(9);
    expect(value).toContain("<thead>");
  });
});
