import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { normalizeTables } from "./table-html";

function root(html: string): HTMLElement {
  const { document } = new JSDOM("<!doctype html><body></body>").window;
  document.body.innerHTML = html;
  return document.body;
}

describe("normalizeTables", () => {
  it("splits merged cells into plain cells and says so", () => {
    const body = root('<table><tr><td colspan="2">a</td></tr><tr><td>b</td><td>c</td></tr></table>');
    expect(normalizeTables(body)).toEqual({ hadMergedCells: true, flattened: 0 });
    expect(body.innerHTML).toBe("<table><tbody><tr><td>a</td><td></td></tr><tr><td>b</td><td>c</td></tr></tbody></table>");
  });

  it("makes a pasted table past 100 columns text, one line per row, and leaves an import's for its check", () => {
    const wide = `<table><tr>${"<td>x</td>".repeat(101)}</tr></table>`;
    const pasted = root(wide);
    expect(normalizeTables(pasted, { flattenOversized: true }).flattened).toBe(1);
    expect(pasted.querySelector("table")).toBeNull();
    expect(pasted.textContent).toBe(Array(101).fill("x").join(" | "));
    const imported = root(wide);
    expect(normalizeTables(imported).flattened).toBe(0);
    expect(imported.querySelectorAll("td")).toHaveLength(101);
  });

  it("makes the editor's header cells (a copy from the editor, an exported page) <th>, so a paste keeps the header row", () => {
    const body = root('<table><tbody><tr><td data-row="row-a" data-table-header="true">h</td><td data-row="row-a" data-table-header="true" colspan="2">i</td></tr><tr><td data-row="row-b">c</td><td data-table-header="false">d</td><td>e</td></tr></tbody></table>');
    normalizeTables(body);
    expect(body.innerHTML).toBe("<table><tbody><tr><th>h</th><th>i</th><th></th></tr><tr><td>c</td><td>d</td><td>e</td></tr></tbody></table>");
  });

  it("drops the whitespace at a header cell's edges, as Quill's clipboard does at a <td>'s, but not a no-break space", () => {
    const body = root("<table><tr><th>\n  Name\n</th><th><p>Value</p><p>x</p></th><th>\u00a0a\u00a0</th><th> <b> b </b> </th></tr></table>");
    normalizeTables(body);
    expect(body.innerHTML).toBe("<table><tbody><tr><th>Name</th><th>Value x</th><th>&nbsp;a&nbsp;</th><th><b> b </b></th></tr></tbody></table>");
  });
});
