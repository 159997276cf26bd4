import { describe, expect, it } from "vitest";
import { renderDeltaFast } from "@/server/body/fast-render/render-delta-fast";
import { renderWithQuill } from "@/server/body/render-delta-html";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { convertFile } from "@/server/formats/import/convert-file";
import { markdownToDelta } from "@/server/formats/import/markdown-to-delta";
import { markdownFiles, realHtml, realMarkdown } from "./markdown-corpus";
import { seededRandom } from "./seeded-random";

// QUIRE_RENDER_DIFF_FULL=1 compares the conversion bench's whole 150 KB documents and 200 files
// (minutes on the Quill side); the default run takes 12 KB and 40 files, to stay within the unit suite.
const FULL = process.env.QUIRE_RENDER_DIFF_FULL === "1";
const encode = (text: string) => new TextEncoder().encode(text);

describe("the fast renderer on the conversion bench's real documents", () => {
  it("gives the Quill host's markup byte for byte, and never falls back", async () => {
    const size = FULL ? 150_000 : 12_000;
    const deltas: [string, unknown][] = [
      ["Markdown", await markdownToDelta(realMarkdown(size))],
      ["HTML", await convertFile({ kind: "html", bytes: encode(realHtml(size)) })],
    ];
    // Files cut from the whole corpus at headings: every section, tables, the long code block's start.
    for (const file of markdownFiles(FULL ? 200 : 40, seededRandom(13))) deltas.push([file.name, await markdownToDelta(file.text)]);
    for (const [label, raw] of deltas) {
      const { delta } = sanitizeDelta(raw);
      const fast = renderDeltaFast(delta);
      expect(fast, label).not.toBeNull();
      expect(fast, label).toBe(await renderWithQuill(delta));
    }
  }, 120_000);
});
