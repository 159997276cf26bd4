import { describe, expect, it } from "vitest";
import { normalizeDeltaFast } from "@/server/body/fast-render/normalize-delta";
import { renderDeltaFast } from "@/server/body/fast-render/render-delta-fast";
import { getQuillHost } from "@/server/body/quill-host";
import { renderWithQuill } from "@/server/body/render-delta-html";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { convertFile } from "@/server/formats/import/convert-file";
import { markdownToDelta, markdownToHtml } from "@/server/formats/import/markdown-to-delta";
import { clipboardDeltaFast } from "@/server/formats/import/fast-convert/clipboard-delta";
import { prepareHtml } from "@/server/formats/import/prepare-html";
import { markdownFiles, realHtml, realMarkdown } from "./markdown-corpus";
import { seededRandom } from "./seeded-random";

// QUIRE_RENDER_DIFF_FULL=1 compares the conversion bench's whole 150 KB documents and 200 files
// (minutes on the Quill side); the default run takes 12 KB and 12 files, to stay within the unit suite.
const FULL = process.env.QUIRE_RENDER_DIFF_FULL === "1";
const TIMEOUT = FULL ? 3_600_000 : 120_000;
const encode = (text: string) => new TextEncoder().encode(text);

describe("the fast renderer and normaliser on the conversion bench's real documents", () => {
  it("normalise the clipboard's deltas as Quill does, and never fall back", async () => {
    const host = await getQuillHost();
    // What htmlToDelta hands the clipboard: the HTML after prepareHtml's rewrites.
    const pasted = (html: string) => {
      const template = host.document.createElement("template");
      template.innerHTML = html;
      prepareHtml(template);
      return host.clipboardDelta(template.innerHTML);
    };
    const size = FULL ? 150_000 : 12_000;
    const inputs: [string, { ops: unknown[] }][] = [
      ["Markdown", pasted(markdownToHtml(realMarkdown(size)))],
      ["HTML", pasted(realHtml(size))],
    ];
    for (const file of markdownFiles(FULL ? 200 : 12, seededRandom(13))) inputs.push([file.name, pasted(markdownToHtml(file.text))]);
    for (const [label, delta] of inputs) {
      const fast = normalizeDeltaFast(delta);
      expect(fast, label).not.toBeNull();
      // Compared as the stored JSON is: ops as { insert, attributes } (normalize-delta.test.ts says why).
      const canonical = (ops: readonly { insert?: unknown; attributes?: unknown }[]) =>
        JSON.stringify(ops.map((op) => ({ insert: op.insert, ...(op.attributes ? { attributes: op.attributes } : {}) })));
      expect(canonical(fast?.ops ?? []), label).toBe(canonical(host.normalize(delta).ops));
    }
  }, TIMEOUT);

  it("the import's clipboard walk without jsdom gives the host's delta, and never falls back", async () => {
    const host = await getQuillHost();
    const size = FULL ? 150_000 : 12_000;
    const inputs: [string, string][] = [["Markdown", markdownToHtml(realMarkdown(size))], ["HTML", realHtml(size)]];
    for (const file of markdownFiles(FULL ? 200 : 12, seededRandom(13))) inputs.push([file.name, markdownToHtml(file.text)]);
    // Table rows get fresh random ids on both sides: compared by order of appearance.
    const canonical = (delta: { ops: unknown[] }) => {
      const ids = new Map<string, string>();
      return JSON.stringify(delta.ops).replace(/"row-[a-z0-9]+"/g, (id) => ids.get(id) ?? (ids.set(id, `"row-${ids.size}"`), ids.get(id) ?? id));
    };
    for (const [label, html] of inputs) {
      const fast = clipboardDeltaFast(html);
      expect(fast, label).not.toBeNull();
      const template = host.document.createElement("template");
      template.innerHTML = html;
      prepareHtml(template);
      expect(canonical(fast ?? { ops: [] }), label).toBe(canonical(host.clipboardDelta(template.innerHTML)));
    }
  }, TIMEOUT);

  it("gives the Quill host's markup byte for byte, and never falls back", async () => {
    const size = FULL ? 150_000 : 12_000;
    const deltas: [string, unknown][] = [
      ["Markdown", await markdownToDelta(realMarkdown(size))],
      ["HTML", await convertFile({ kind: "html", bytes: encode(realHtml(size)) })],
    ];
    // Files cut from the whole corpus at headings: every section, tables, the long code block's start.
    for (const file of markdownFiles(FULL ? 200 : 12, seededRandom(13))) deltas.push([file.name, await markdownToDelta(file.text)]);
    for (const [label, raw] of deltas) {
      const { delta } = sanitizeDelta(raw);
      const fast = renderDeltaFast(delta);
      expect(fast, label).not.toBeNull();
      expect(fast, label).toBe(await renderWithQuill(delta));
    }
  }, TIMEOUT);
});
