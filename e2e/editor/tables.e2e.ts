import mammoth from "mammoth";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import type { Person } from "../support/accounts";
import { withAppAndBrowser } from "../support/app-and-browser";
import { axeViolationsInBothSchemes } from "../support/axe";
import { signedUpPage } from "../support/workspace";

// Tables (docs/product.md "Tables"): inserted and filled from the keyboard, edited by two people
// at once, and carried through GFM import and Markdown, HTML and Word export.

const { app, browser } = withAppAndBrowser();

let page: Page;
let person: Person;
beforeAll(async () => {
  ({ page, person } = await signedUpPage(browser, app.url, "tables"));
});

type Op = { insert: unknown; attributes?: Record<string, unknown> };

async function createDocument(ops: Op[]): Promise<{ id: string; url: string }> {
  const response = await page.request.post("/api/v1/documents", {
    headers: { origin: app.url },
    data: { workspace: person.workspaceSlug, title: "Tables", delta: { ops } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; url: string };
}

async function openDocument(url: string, onPage: Page = page): Promise<EditorPage> {
  await onPage.goto(url);
  const editor = new EditorPage(onPage);
  await editor.waitUntilEditable();
  return editor;
}

/** The table's cell texts as the page shows them, row by row. */
async function shownTable(onPage: Page): Promise<string[][]> {
  return onPage.locator(".ql-editor table").first().evaluate((table) =>
    Array.from(table.querySelectorAll("tr"), (row) => Array.from(row.querySelectorAll("td"), (cell) => cell.textContent ?? "")),
  );
}

/** A stored delta's table cells, row by row (consecutive cells with the same row id). */
function storedTable(ops: Op[]): string[][] {
  const rows: string[][] = [];
  let text = "";
  let previous: unknown;
  for (const op of ops) {
    if (typeof op.insert !== "string") continue;
    const parts = op.insert.split("\n");
    parts.forEach((part, index) => {
      text += part;
      if (index === parts.length - 1) return;
      const row = op.attributes?.table;
      if (row !== undefined) {
        if (row !== previous || rows.length === 0) rows.push([]);
        rows.at(-1)?.push(text);
      }
      previous = row;
      text = "";
    });
  }
  return rows;
}

const tableOps = (rows: string[][], id = "row-t"): Op[] =>
  rows.flatMap((row, r) => row.flatMap((cell) => [...(cell ? [{ insert: cell }] : []), { insert: "\n", attributes: { table: `${id}${r}` } }]));

describe("tables in the editor", () => {
  it("insert a 3 × 3 table, fill it by keyboard only, add a column, and see it after a reload", async () => {
    const { id, url } = await createDocument([{ insert: "Before\n\n" }]);
    const editor = await openDocument(url);
    await editor.body().click();
    await page.keyboard.press("Control+End");
    // "/" Table opens the size picker at 3 × 3; Enter inserts it with the caret in its first cell.
    await page.keyboard.type("/table");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".ql-table-picker").isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("3 × 3 table");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".ql-editor td").count()).toBe(9);
    // Tab between cells; a bold word and inline code in cells.
    const texts = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
    for (const [index, text] of texts.entries()) {
      if (index > 0) await page.keyboard.press("Tab");
      if (text === "b2") {
        await page.keyboard.press("Control+b");
        await page.keyboard.type(text);
        await page.keyboard.press("Control+b");
      } else {
        await page.keyboard.type(text);
      }
    }
    // Tab in the last cell adds a row.
    await page.keyboard.press("Tab");
    await expect.poll(() => page.locator(".ql-editor tr").count()).toBe(4);
    await page.keyboard.type("a4");
    // Alt+F10 reaches the table menu; → three times is "Column right".
    await page.keyboard.press("Alt+F10");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Row above");
    for (let step = 0; step < 3; step += 1) await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Column right");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".ql-editor tr").first().locator("td").count()).toBe(4);
    // Header row: back in the cell, up to row 1, toggle it from the menu.
    await page.keyboard.press("Escape");
    for (let step = 0; step < 3; step += 1) await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Alt+F10");
    for (let step = 0; step < 4; step += 1) await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Header row");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator('.ql-editor td[data-table-header="true"]').count()).toBe(4);
    await page.keyboard.press("Escape");

    const expected = [["a1", "", "b1", "c1"], ["a2", "", "b2", "c2"], ["a3", "", "b3", "c3"], ["a4", "", "", ""]];
    await expect.poll(() => shownTable(page)).toEqual(expected);
    await expect.poll(async () => storedTable((await editor.storedDocument(id)).delta.ops)).toEqual(expected);
    expect(await page.locator(".ql-editor td strong").textContent()).toBe("b2");

    await page.reload();
    await editor.waitUntilEditable();
    expect(await shownTable(page)).toEqual(expected);
    expect(await page.locator('.ql-editor td[data-table-header="true"]').count()).toBe(4);
  });

  it("has no axe violation on the picker and the table menu, in light and dark", async () => {
    const { url } = await createDocument([{ insert: "Intro\n" }, ...tableOps([["x", "y"], ["z", "w"]]), { insert: "\n" }]);
    await openDocument(url);
    await page.locator(".ql-editor td").first().click();
    await expect.poll(() => page.locator(".ql-table-menu").isVisible()).toBe(true);
    expect(await axeViolationsInBothSchemes(page)).toEqual([]);
    await page.locator(".ql-editor p").first().click();
    await expect.poll(() => page.locator(".ql-table-menu").isVisible()).toBe(false);
    await page.locator(".ql-toolbar button.ql-table").click();
    await expect.poll(() => page.locator(".ql-table-picker").isVisible()).toBe(true);
    // Arrows move the highlighted size; Escape closes without inserting.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("4 × 4 table");
    expect(await page.locator('.ql-table-grid button[data-in="true"]').count()).toBe(16);
    expect(await axeViolationsInBothSchemes(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator(".ql-table-picker").isVisible()).toBe(false);
    expect(await page.locator(".ql-editor td").count()).toBe(4);
  });

  it("converge when two people edit different cells, the same cell, and one adds a row while the other types", async () => {
    const { id, url } = await createDocument([...tableOps([["", "", ""], ["", "", ""], ["", "", ""]]), { insert: "\n" }]);
    const first = await openDocument(url);
    const other = await (await browser.newContext({ baseURL: app.url, storageState: await page.context().storageState() })).newPage();
    await openDocument(url, other);
    const cell = (onPage: Page, index: number) => onPage.locator(".ql-editor td").nth(index);

    // Different cells at once.
    await cell(page, 0).click();
    await cell(other, 4).click();
    await Promise.all([page.keyboard.type("left one"), other.keyboard.type("middle two")]);
    // The same cell at once.
    await cell(page, 8).click();
    await cell(other, 8).click();
    await Promise.all([page.keyboard.type("AAA"), other.keyboard.type("bbb")]);
    // A row added above while the other types in a cell of the row below it.
    await cell(page, 4).click();
    await cell(other, 5).click();
    await expect.poll(() => page.locator(".ql-table-menu").isVisible()).toBe(true);
    await Promise.all([
      (async () => {
        await page.keyboard.press("Alt+F10");
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Row above");
        await page.keyboard.press("Enter");
      })(),
      other.keyboard.type("kept"),
    ]);

    // Both pages show the same table, whichever settles last.
    await expect
      .poll(async () => {
        const [mine, theirs] = await Promise.all([shownTable(page), shownTable(other)]);
        return JSON.stringify(mine) === JSON.stringify(theirs) && mine.length === 4 && mine.flat().includes("kept") ? "same" : JSON.stringify([mine, theirs]);
      })
      .toBe("same");
    const shown = await shownTable(page);
    expect(shown).toHaveLength(4);
    expect(shown.every((row) => row.length === 3)).toBe(true);
    const all = shown.flat();
    expect(all).toContain("left one");
    expect(all).toContain("middle two");
    expect(all).toContain("kept");
    const same = all.find((text) => text.includes("AAA")) ?? "";
    expect(same.length).toBe(6);
    expect(same).toContain("bbb");
    await first.waitUntilSaved();
    await expect.poll(async () => storedTable((await first.storedDocument(id)).delta.ops)).toEqual(shown);
    await other.context().close();
  });
});

describe("tables in and out", () => {
  it("paste an HTML table with merged cells as plain cells with their text, saying so", async () => {
    const { id, url } = await createDocument([{ insert: "\n" }]);
    const editor = await openDocument(url);
    await editor.body().click();
    const html = '<table>\n  <thead><tr><th>Item</th><th colspan="2">Cost</th></tr></thead>\n  <tbody><tr><td rowspan="2"><p>Tea</p><p>green</p></td><td>1</td><td><b>2</b></td></tr><tr><td>3</td><td>4</td></tr></tbody>\n</table>';
    await page.evaluate((markup) => {
      const data = new DataTransfer();
      data.setData("text/html", markup);
      data.setData("text/plain", "Item Cost");
      document.querySelector(".ql-editor")?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, html);
    const expected = [["Item", "Cost", ""], ["Tea green", "1", "2"], ["", "3", "4"]];
    await expect.poll(() => shownTable(page)).toEqual(expected);
    expect(await page.locator('.ql-editor td[data-table-header="true"]').count()).toBe(3);
    expect(await page.locator(".ql-table-notice").textContent()).toContain("Merged cells were pasted as separate cells");
    await expect.poll(async () => storedTable((await editor.storedDocument(id)).delta.ops)).toEqual(expected);
  });

  it("copy a table in the editor and paste it: its header rows stay header rows, wherever they are", async () => {
    const cell = (text: string, row: string, header = false): Op[] => [{ insert: text }, { insert: "\n", attributes: { table: row, ...(header && { "table-header": true }) } }];
    const ops: Op[] = [
      ...cell("Name", "row-head1", true), ...cell("Value", "row-head1", true),
      ...cell("a", "row-body1"), ...cell("1", "row-body1"),
      ...cell("Sum", "row-head2", true), ...cell("2", "row-head2", true),
      { insert: "after\n\n" }, // the paste goes on the empty last line
    ];
    const { id, url } = await createDocument(ops);
    const editor = await openDocument(url);
    await editor.body().click();
    await page.keyboard.press("ControlOrMeta+a");
    // Quill's own copy (its markup: <td data-table-header="true">), then a paste of it at the end.
    const html = await page.evaluate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100)); // Quill reads the selection on selectionchange
      const data = new DataTransfer();
      document.querySelector(".ql-editor")?.dispatchEvent(new ClipboardEvent("copy", { clipboardData: data, bubbles: true, cancelable: true }));
      return data.getData("text/html");
    });
    expect(html).toContain('data-table-header="true"');
    await page.keyboard.press("ControlOrMeta+End");
    await page.evaluate((markup) => {
      const data = new DataTransfer();
      data.setData("text/html", markup);
      document.querySelector(".ql-editor")?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, html);
    await expect.poll(() => page.locator('.ql-editor td[data-table-header="true"]').allTextContents()).toEqual(["Name", "Value", "Sum", "2", "Name", "Value", "Sum", "2"]);
    await expect
      .poll(async () => (await editor.storedDocument(id)).delta.ops.filter((op) => op.attributes?.["table-header"] === true).map((op) => op.insert).join(""))
      .toBe("\n\n\n\n\n\n\n\n");
  });

  it("import a GFM table and export it as Markdown, HTML and Word keeping every cell", async () => {
    const markdown = "Intro\n\n| Name | Role | Notes |\n| --- | --- | --- |\n| **Ada** | [Lead](https://example.com/ada) | `x \\| y` |\n| Grace | Dev | *fast* |\n";
    const response = await page.request.post("/api/v1/import", {
      headers: { origin: app.url },
      multipart: { workspace: person.workspaceSlug, file: { name: "people.md", mimeType: "text/markdown", buffer: Buffer.from(markdown) } },
    });
    expect(response.status(), await response.text()).toBe(201);
    const [imported] = ((await response.json()) as { imported: { id: string; url: string }[] }).imported;
    if (!imported) throw new Error("nothing imported");
    const cells = ["Name", "Role", "Notes", "Ada", "Lead", "x | y", "Grace", "Dev", "fast"];

    await openDocument(imported.url);
    expect((await shownTable(page)).flat()).toEqual(cells);
    expect(await page.locator('.ql-editor td[data-table-header="true"]').count()).toBe(3);

    const exported = (format: string) => page.request.get(`/api/v1/documents/${imported.id}/export?format=${format}`);
    const md = await (await exported("md")).text();
    expect(md).toContain("| Name | Role | Notes |\n| --- | --- | --- |\n| **Ada** | [Lead](https://example.com/ada) | `x \\| y` |\n| Grace | Dev | *fast* |");

    const html = await (await exported("html")).text();
    for (const text of cells) expect(html).toContain(text.replace("|", "|"));
    expect(html.match(/<td /g)).toHaveLength(9);

    const docx = Buffer.from(await (await exported("docx")).body());
    const { value } = await mammoth.convertToHtml({ buffer: docx });
    expect(value.match(/<t[dh]>/g)).toHaveLength(9);
    for (const text of cells) expect(value).toContain(text);
  });

  it("refuse an API body with a table wider than 100 columns", async () => {
    const response = await page.request.post("/api/v1/documents", {
      headers: { origin: app.url },
      data: { workspace: person.workspaceSlug, title: "Wide", delta: { ops: [{ insert: "\n".repeat(101), attributes: { table: "row-wide" } }] } },
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toContain("at most 100 columns; this one has 101");
  });
});
