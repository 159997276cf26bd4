import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { QuillHost } from "@/server/body/quill-host";
import { getQuillHost } from "@/server/body/quill-host";
import { renderDeltaHtml } from "@/server/body/render-delta-html";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { htmlToDelta, htmlToDeltaReference } from "@/server/formats/import/html-to-delta";
import { prepareHtml } from "@/server/formats/import/prepare-html";
import { clipboardDeltaFast } from "./clipboard-delta";
import { ATTRIBUTOR_NAMES, REGISTRY_CLASSES, REGISTRY_TAGS } from "./clipboard-walk";
import { FIXTURES_DIR } from "@test/fixtures";
import { randomDelta } from "@test/random-delta";
import { randomHtml, seededRandom } from "@test/random-html";

/**
 * Differential tests: the jsdom-free import (clipboardDeltaFast) must give the delta the Quill
 * host's clipboard gives for the markup prepareHtml leaves (html-to-delta.ts's reference path),
 * op for op and byte for byte, or decline (null). Table row ids are fresh random ids on both
 * sides, so they are compared by order of appearance. The bench's real documents:
 * scripts/bench/markdown-corpus-render.test.ts.
 */

// QUIRE_RENDER_DIFF_FULL=1: 10,000 random fragments and the whole XSS corpus instead of samples
// (the jsdom side costs ~70 ms a payload).
const FULL = process.env.QUIRE_RENDER_DIFF_FULL === "1";
const TIMEOUT = FULL ? 3_600_000 : 120_000;
let host: QuillHost;

function reference(html: string): { ops: unknown[] } {
  const template = host.document.createElement("template");
  template.innerHTML = html;
  prepareHtml(template);
  return host.clipboardDelta(template.innerHTML);
}

function canonical(delta: { ops: readonly unknown[] }): string {
  const ids = new Map<string, string>();
  return JSON.stringify(delta.ops).replace(/"row-[a-z0-9]+"/g, (id) => {
    if (!ids.has(id)) ids.set(id, `"row-${ids.size}"`);
    return ids.get(id) ?? id;
  });
}

/** Compares one input; returns whether the fast path took it (false: it declined). */
function compare(html: string, label: string): boolean {
  const fast = clipboardDeltaFast(html);
  if (fast === null) return false;
  const expected = canonical(reference(html));
  if (canonical(fast) !== expected) expect({ label, html, fast: canonical(fast) }).toEqual({ label, html, fast: expected });
  return true;
}

describe("clipboardDeltaFast against the Quill host's clipboard", () => {
  beforeAll(async () => {
    host = await getQuillHost();
  });

  it("knows the editor's registry as the Quill host has it", () => {
    const quill = (host.document.defaultView as unknown as { Quill: { find(node: Element): { scroll: { registry: Registry } } } }).Quill;
    const editor = host.document.getElementById("editor");
    if (!editor) throw new Error("no editor");
    const { registry } = quill.find(editor).scroll;
    expect(Object.fromEntries(Object.entries(registry.tags).map(([tag, blot]) => [tag, blot.blotName]))).toEqual(REGISTRY_TAGS);
    expect(new Set(Object.keys(registry.classes))).toEqual(REGISTRY_CLASSES);
    // Every attributor the registry holds is refused by name and by key.
    for (const [key, attributor] of Object.entries(registry.attributes)) {
      expect(ATTRIBUTOR_NAMES.has(key), key).toBe(true);
      expect(ATTRIBUTOR_NAMES.has(String(attributor.attrName)), String(attributor.attrName)).toBe(true);
    }
  });

  it("matches on seeded random markup, and takes most of it", () => {
    const count = FULL ? 10_000 : 500;
    let taken = 0;
    for (let seed = 0; seed < count; seed += 1) {
      const random = seededRandom(70_000 + seed);
      if (compare(randomHtml(random, 1 + Math.floor(random() * 5)), `seed ${seed}`)) taken += 1;
    }
    // The generator writes what the fast path declines (styles, Word's <o:p>, mentions) on purpose.
    expect(taken).toBeGreaterThan(count * 0.5);
  }, TIMEOUT);

  it("matches on the editor's own markup (random documents rendered, as an exported page)", async () => {
    let taken = 0;
    const count = FULL ? 2_000 : 200;
    for (let seed = 0; seed < count; seed += 1) {
      const random = seededRandom(90_000 + seed);
      const { delta } = sanitizeDelta(randomDelta(random, 1 + Math.floor(random() * 6)));
      if (compare(await renderDeltaHtml(delta), `delta seed ${seed}`)) taken += 1;
    }
    // Indents, alignment, fonts and sizes are classes and styles, which the fast path declines.
    expect(taken).toBeGreaterThan(count * 0.1);
  }, TIMEOUT);

  it("matches on the XSS corpus, each payload a file of its own and inside a document", () => {
    const corpus = fs.readFileSync(path.join(FIXTURES_DIR, "xss/xss-payload-list.txt"), "utf8").split("\n").filter((line) => line.length > 0);
    const payloads = FULL ? corpus : corpus.filter((_, index) => index % 32 === 0);
    let taken = 0;
    for (const [index, payload] of payloads.entries()) {
      if (compare(payload, `payload ${index}`)) taken += 1;
      compare(`<ul><li>a ${payload}<ol><li>${payload}</li></ol></li></ul><table><tr><td>${payload}</td></tr></table><pre>${payload}</pre>`, `payload ${index} placed`);
    }
    expect(taken).toBeGreaterThan(payloads.length * 0.6);
  }, TIMEOUT);

  it("gives the same document end to end, normalised", async () => {
    const html = `<h1>T</h1><p>a <code>  x  y </code> <span class="ql-formula" data-value="x^2"></span></p><table><thead><tr><th>h</th></tr></thead><tbody><tr><td>c</td></tr></tbody></table><pre data-language="js">\n\nlet x;\n</pre>`;
    expect(clipboardDeltaFast(html)).not.toBeNull();
    expect(canonical(await htmlToDelta(html))).toBe(canonical(await htmlToDeltaReference(html)));
  });

  it("reads the editor's header cells (<td data-table-header>) as the Quill host does, without declining", () => {
    const html = `<table><tbody><tr><td data-row="row-a" data-table-header="true">h</td><td data-row="row-a" data-table-header="true"><b>i</b></td></tr><tr><td data-row="row-b">c</td><td data-row="row-b" data-table-header="true">d</td></tr><tr><td data-row="row-c" data-table-header="true" colspan="2">e</td></tr></tbody></table>`;
    expect(compare(html, "header cells")).toBe(true);
    // A header cell's edges are trimmed in both (shared/table-html.ts), as a <td>'s are by the clipboard.
    expect(compare("<table><thead><tr><th>\n  a\n</th><th><p>b</p><p>c</p></th><th> <b> d </b>\u3000</th></tr></thead></table>", "header cell whitespace")).toBe(true);
    expect(canonical(clipboardDeltaFast(html) ?? { ops: [] })).toContain('"table-header":true');
  });

  it("keeps whitespace under a white-space: pre style as the Quill host does, without declining a style that says only that", () => {
    const cases = [
      '<p>Name:<span style="white-space:pre">\t</span>Ada<span style="white-space:pre">\t\t</span></p>',
      '<p><span style="white-space:pre"> lead  and\ttrail\n</span></p><p style="white-space: pre-wrap">  a\tb <b> c\t</b></p>',
      '<div style="white-space:pre-wrap"><p>x<span style="white-space:normal">\ty  z</span>\t</p></div>',
      '<ul><li><span style="white-space:break-spaces;">\ta&nbsp;\t</span></li></ul><table><tr><td><span style="white-space:pre">\t</span>c</td></tr></table>',
      '<p><code style="white-space:pre">\ta  b</code><span style="WHITE-SPACE: PRE !important">\t</span><span style="white-space:pre-line">\tx</span></p>',
    ];
    for (const [index, html] of cases.entries()) expect(compare(html, `white-space ${index}`)).toBe(true);
    expect(canonical(clipboardDeltaFast(cases[0]!) ?? { ops: [] })).toBe('[{"insert":"Name:\\tAda\\t\\t"}]');
    // Any other declaration beside it is a style Quill reads: declined as before.
    expect(clipboardDeltaFast('<span style="white-space:pre;font-weight:bold">\t</span>')).toBeNull();
  });

  it("reads the editor's colours, backgrounds, fonts and sizes as the Quill host does, without declining them", () => {
    const cases = [
      '<p><span style="color: rgb(230, 0, 0);">red</span> <span style="background-color: #ffff00; color: #0066cc">both</span></p>',
      '<p><strong class="ql-font-serif ql-size-huge" style="color:#008a00">a</strong><span class="ql-size-small"><em>b</em></span></p>',
      '<p><span style="color:#e60000"><span style="color:#0000ff">inner</span> outer</span><a href="https://e.com/" style="color:rgb(0,0,0)">l</a></p>',
      '<ul><li><span class="ql-font-monospace" style="white-space:pre;background-color:rgb(1, 2, 3)">\tx</span></li></ul>',
      '<p><span style="color:#aa0000;color:rgb(0, 17, 255)">last wins</span><span class="ql-size-large ql-size-small">first wins</span></p>',
    ];
    for (const [index, html] of cases.entries()) expect(compare(html, `looks ${index}`)).toBe(true);
    // Forms whose reading depends on the CSS parser are declined, as before.
    for (const html of ['<span style="color:#E60000">a</span>', '<span style="color:red">a</span>', '<span style="COLOR:#e60000">a</span>', '<span class="ql-font-comic">a</span>']) {
      expect(clipboardDeltaFast(html), html).toBeNull();
    }
  });

  it("builds the tree as jsdom does: text moved out of a table goes after it, not before", () => {
    // The spec (and parse5's own adapter) put it before the table; jsdom's adapter appends it.
    for (const html of ["<p>x</p><table><tr><td>a</td></tr>moved<tr><td>b</td></tr></table>", "<table><tr><td><col>test</col></td></tr></table>", "a<table>b<tr><td>c</td></tr></table>d"]) {
      expect(compare(html, html)).toBe(true);
    }
  });

  it("declines what it does not reproduce", () => {
    // jsdom's selector engine takes <xsl:template> for a <template>.
    expect(clipboardDeltaFast(`<xsl:template>a</xsl:template>b`)).toBeNull();
    expect(clipboardDeltaFast(`<p style="font-weight:bold">a</p>`)).toBeNull();
    expect(clipboardDeltaFast(`<p class="ql-align-center">a</p>`)).toBeNull();
    expect(clipboardDeltaFast(`<span class="mention" data-user-id="u">@A</span>`)).toBeNull();
    expect(clipboardDeltaFast(`<b id="docs-internal-guid-1">a</b>`)).toBeNull();
    expect(clipboardDeltaFast(`<table><tr><td><table><tr><td>x</td></tr></table></td></tr></table>`)).toBeNull();
  });
});

interface Registry {
  tags: Record<string, { blotName: string }>;
  classes: Record<string, unknown>;
  attributes: Record<string, { attrName: unknown }>;
}
