import { describe, expect, it } from "vitest";
import type { ChunkOp } from "./delta-chunks";
import { splitIntoChunks } from "./delta-chunks";
import { renderDeltaHtml } from "./render-delta-html";

const paragraphs = (count: number, prefix = "p"): ChunkOp[] => Array.from({ length: count }, (_, i) => ({ insert: `${prefix}${i}\n` }));
const lines = (count: number, attributes: Record<string, unknown>): ChunkOp[] =>
  Array.from({ length: count }, (_, i) => [{ insert: `l${i}` }, { insert: "\n", attributes }]).flat();
const lineCount = (chunk: ChunkOp[]) => chunk.reduce((sum, op) => sum + (typeof op.insert === "string" ? op.insert.split("\n").length - 1 : 0), 0);
// The text and attributes of every character: equal for two deltas that differ only in how ops are cut.
const characters = (ops: ChunkOp[]) => ops.flatMap((op) => (typeof op.insert === "string" ? [...op.insert].map((c) => [c, op.attributes]) : [[op.insert, op.attributes]]));

describe("splitIntoChunks", () => {
  it("cuts plain lines into pieces of the given size that join back into the delta", () => {
    const ops: ChunkOp[] = [{ insert: "a\nb\n" }, { insert: "bold", attributes: { bold: true } }, { insert: "\n", attributes: { header: 2 } }, ...paragraphs(247)];
    const chunks = splitIntoChunks(ops, 100);
    expect(chunks.map(lineCount)).toEqual([100, 100, 50]);
    expect(characters(chunks.flat())).toEqual(characters(ops));
  });

  it("never cuts beside a list item, a code-block line or a line format it doesn't know", () => {
    for (const format of [{ list: "bullet" }, { "code-block": "javascript" }, { table: "row-1" }]) {
      const ops = [...paragraphs(90), ...lines(30, format), ...paragraphs(5, "q")];
      const chunks = splitIntoChunks(ops, 100);
      // The first cut waits for two lines that render on their own: after the run and one paragraph.
      expect(chunks.map(lineCount)).toEqual([121, 4]);
      expect(characters(chunks.flat())).toEqual(characters(ops));
    }
  });

  it("keeps inline embeds in their line and makes other embeds, text without a newline and retains safe", () => {
    const embedded = [...paragraphs(2), { insert: { formula: "x" } }, { insert: "\n" }, { insert: { video: "v" } }, { insert: "\n" }, ...paragraphs(2, "q"), { insert: "tail" }];
    const chunks = splitIntoChunks(embedded, 1);
    expect(chunks.map(lineCount)).toEqual([1, 1, 3, 1]);
    expect(chunks.at(-1)?.at(-1)).toEqual({ insert: "tail" });
    expect(splitIntoChunks([{ insert: "a\nb\n" }, { retain: 1 } as ChunkOp], 1)).toHaveLength(1);
    expect(splitIntoChunks([], 100)).toEqual([[]]);
  });

  it("renders a list and a code block longer than a piece as one container each", async () => {
    const html = await renderDeltaHtml({ ops: [...paragraphs(50), ...lines(120, { list: "ordered" }), ...paragraphs(3), ...lines(120, { "code-block": "plain" }), ...paragraphs(20)] });
    expect(html.match(/<ol>/g)).toHaveLength(1);
    expect(html.match(/<li data-list="ordered">/g)).toHaveLength(120);
    expect(html.match(/class="ql-code-block-container"/g)).toHaveLength(1);
    expect(html.match(/class="ql-code-block"/g)).toHaveLength(120);
    expect(html.match(/<p>/g)).toHaveLength(73);
  });
});
