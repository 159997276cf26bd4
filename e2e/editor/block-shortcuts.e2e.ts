import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { StoredLine as Line } from "../pages/editor-page";
import { EditorPage } from "../pages/editor-page";
import type { Person } from "../support/accounts";
import { withAppAndBrowser } from "../support/app-and-browser";
import { axeViolations } from "../support/axe";
import { signedUpPage } from "../support/workspace";
import { chooseFromDocumentMenu } from "../pages/document-menu";

// Markdown-style block and inline shortcuts and the "/" menu (docs/product.md "Editor"): each
// makes its format in the stored document, one Ctrl+Z gives the typed characters back, none
// fires in a code block, the menu is driven from the keyboard, and two editors converge.

const { app, browser } = withAppAndBrowser();

let page: Page;
let person: Person;
beforeAll(async () => {
  ({ page, person } = await signedUpPage(browser, app.url, "shortcuts"));
});

type Op = { insert: unknown; attributes?: Record<string, unknown> };

/** Opens a new document holding `ops` (default: ten empty lines) and puts the caret on its first line. */

async function openDocument(ops: Op[] = [{ insert: "\n".repeat(10) }], onPage: Page = page): Promise<EditorPage> {
  const response = await onPage.request.post("/api/v1/documents", {
    headers: { origin: app.url },
    data: { workspace: person.workspaceSlug, title: "Shortcuts", delta: { ops } },
  });
  expect(response.status(), await response.text()).toBe(201);
  await onPage.goto(((await response.json()) as { url: string }).url);
  const editor = new EditorPage(onPage);
  await editor.waitUntilEditable();
  await editor.body().click();
  await onPage.keyboard.press("Control+Home");
  return editor;
}

/**
 * The stored body as lines (each line's text, its inline formats and its block formats), once
 * the first `count` of them are what `pick` makes of `expected`: the server stores a moment after "Saved".
 */
async function expectStoredLines<T>(editor: EditorPage, count: number, pick: (line: Line) => T, expected: T[]): Promise<Line[]> {
  let lines: Line[] = [];
  await expect
    .poll(async () => {
      lines = await editor.storedLines();
      return lines.slice(0, count).map(pick);
    })
    .toEqual(expected);
  return lines;
}

const typeLine = async (text: string, onPage: Page = page) => {
  await onPage.keyboard.type(text);
  await onPage.keyboard.press("ArrowDown");
  await onPage.keyboard.press("Home");
};

describe("block shortcuts", () => {
  it("makes headings, a quote, a code block and lists from what is typed at the start of a line", async () => {
    const editor = await openDocument();
    for (const text of ["# One", "## Two", "### Three", "> Quoted", "```code", "[] Task", "- Bullet", "1. First", "#### Four"]) await typeLine(text);
    await expectStoredLines(editor, 9, (line) => [line.text, line.block], [
      ["One", { header: 1 }],
      ["Two", { header: 2 }],
      ["Three", { header: 3 }],
      ["Quoted", { blockquote: true }],
      ["code", { "code-block": "plain" }],
      ["Task", { list: "unchecked" }],
      ["Bullet", { list: "bullet" }],
      ["First", { list: "ordered" }],
      ["#### Four", {}], // the editor has three heading levels
    ]);
    expect(await editor.body().locator("h2").textContent()).toBe("Two");
    expect(await editor.body().locator("blockquote").textContent()).toBe("Quoted");
  });

  it("formats **bold**, *italic* and `code` as they are closed, and goes on in plain text", async () => {
    const editor = await openDocument();
    await page.keyboard.type("Say **loud** and *soft* with `npm ci` now");
    await expect.poll(() => editor.body().locator("strong").textContent()).toBe("loud");
    expect(await editor.body().locator("em").textContent()).toBe("soft");
    expect(await editor.body().locator("code").textContent()).toBe("npm ci");
    await expectStoredLines(editor, 1, (line) => [line.text, line.inline], [
      [
        "Say loud and soft with npm ci now",
        [
          ["loud", { bold: true }],
          ["soft", { italic: true }],
          ["npm ci", { code: true }],
        ],
      ],
    ]);
  });

  it("gives back the typed characters with one Ctrl+Z", async () => {
    const editor = await openDocument();
    await page.keyboard.type("## ");
    await editor.body().locator("h2").waitFor();
    await page.keyboard.press("Control+z");
    await expect.poll(() => editor.body().locator("h2").count()).toBe(0);
    expect(await editor.body().locator("p").first().textContent()).toBe("## ");

    await page.keyboard.press("ArrowDown");
    await page.keyboard.type("**bold**");
    await editor.body().locator("strong").waitFor();
    await page.keyboard.press("Control+z");
    await expect.poll(() => editor.body().locator("strong").count()).toBe(0);
    expect(await editor.body().locator("p").nth(1).textContent()).toBe("**bold**");

    await page.keyboard.press("ArrowDown");
    await page.keyboard.type("```");
    await editor.body().locator(".ql-code-block").waitFor();
    await page.keyboard.press("Control+z");
    await expect.poll(() => editor.body().locator(".ql-code-block").count()).toBe(0);
    await expectStoredLines(editor, 3, (line) => [line.text, line.block], [["## ", {}], ["**bold**", {}], ["```", {}]]);
  });

  it("keeps what is typed at the start and end of a document that opens with a code block", async () => {
    // Ctrl+Home left the browser's caret before the code block's language picker, outside any line:
    // End went nowhere and the keys typed there were dropped by Quill, on screen and in the document.
    const editor = await openDocument([{ insert: "x" }, { insert: "\n", attributes: { "code-block": "plain" } }]);
    await page.keyboard.type("ab");
    await page.keyboard.press("End");
    await page.keyboard.type("cd");
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("End");
    await page.keyboard.type("e");
    await expectStoredLines(editor, 1, (line) => [line.text, line.block], [["abxcde", { "code-block": "plain" }]]);
    expect(await editor.body().locator(".ql-code-block").allTextContents()).toEqual(["abxcde"]);
  });

  it("fires nothing inside a code block", async () => {
    const editor = await openDocument([{ insert: "x" }, { insert: "\n", attributes: { "code-block": "plain" } }]);
    await page.keyboard.press("End");
    for (const text of ["/", "# not a heading **nor bold**", "> `x`"]) {
      await page.keyboard.press("Enter");
      await page.keyboard.type(text);
      expect(await page.locator(".ql-slash-menu:not([hidden])").count()).toBe(0);
    }
    await expectStoredLines(editor, 4, (line) => [line.text, line.block, line.inline], [
      ["x", { "code-block": "plain" }, []],
      ["/", { "code-block": "plain" }, []],
      ["# not a heading **nor bold**", { "code-block": "plain" }, []],
      ["> `x`", { "code-block": "plain" }, []],
    ]);
  });
});

const menu = () => page.getByRole("listbox", { name: "Insert a block" });
const optionLabels = () => menu().getByRole("option").locator(".ql-slash-label").allTextContents();
const activeOption = (editor: EditorPage) =>
  editor.body().evaluate((body) => document.getElementById(body.getAttribute("aria-activedescendant") ?? "")?.querySelector(".ql-slash-label")?.textContent ?? null);

describe("the / menu", () => {
  it("filters as one types and inserts a heading and a code block from the keyboard", async () => {
    const editor = await openDocument();
    await page.keyboard.type("/");
    await menu().waitFor();
    expect(await optionLabels()).toContain("Formula");
    expect(await activeOption(editor)).toBe("Heading 1");
    await page.keyboard.type("hea");
    await expect.poll(optionLabels).toEqual(["Heading 1", "Heading 2", "Heading 3"]);
    await page.keyboard.press("ArrowDown");
    expect(await activeOption(editor)).toBe("Heading 2");
    expect(await menu().getByRole("option", { selected: true }).locator(".ql-slash-label").textContent()).toBe("Heading 2");
    await page.keyboard.press("Enter");
    await menu().waitFor({ state: "hidden" });
    expect(await editor.body().getAttribute("aria-activedescendant")).toBeNull();
    await page.keyboard.type("Plan");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.type("/code");
    await expect.poll(optionLabels).toEqual(["Code block"]);
    await page.keyboard.press("Tab");
    await page.keyboard.type("let x = 1;");
    await expectStoredLines(editor, 2, (line) => [line.text, line.block], [
      ["Plan", { header: 2 }],
      ["let x = 1;", { "code-block": "plain" }],
    ]);
  });

  it("closes on Escape leaving the typed /, and when a filter with a space finds nothing", async () => {
    const editor = await openDocument();
    await page.keyboard.type("/quo");
    await expect.poll(optionLabels).toEqual(["Quote"]);
    await page.keyboard.press("Escape");
    await menu().waitFor({ state: "hidden" });
    await page.keyboard.press("Enter");
    await page.keyboard.type("/and then");
    await expect.poll(() => menu().isVisible()).toBe(false);
    await page.keyboard.press("Enter"); // a new line, not a choice
    await expectStoredLines(editor, 3, (line) => [line.text, line.block], [["/quo", {}], ["/and then", {}], ["", {}]]);
    // "/" inside a line is just a character.
    await page.keyboard.type("a/b");
    expect(await menu().isVisible()).toBe(false);
  });

  it("opens the image picker and the formula input, the toolbar's own", async () => {
    await openDocument();
    // Listening turns on the browser's interception of file choosers, which takes a moment: before typing.
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.type("/ima");
    await expect.poll(optionLabels).toEqual(["Image"]);
    await page.keyboard.press("Enter");
    expect((await chooser).isMultiple()).toBe(false);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.type("/math");
    await expect.poll(optionLabels).toEqual(["Formula"]);
    await page.keyboard.press("Enter");
    await page.locator(".ql-tooltip.ql-editing[data-mode=formula] input").waitFor();
    await page.keyboard.type("x^2");
    await page.keyboard.press("Enter");
    await page.locator(".ql-editor .ql-formula").waitFor();
  });

  it("stays in the window at 360 px and near the bottom of the window", async () => {
    const narrow = await (await browser.newContext({ baseURL: app.url, viewport: { width: 360, height: 640 }, storageState: await page.context().storageState() })).newPage();
    const editor = await openDocument([{ insert: "\n".repeat(60) }], narrow);
    for (let i = 0; i < 40; i++) await narrow.keyboard.press("ArrowDown");
    await narrow.keyboard.type("/");
    const popup = narrow.locator(".ql-slash-menu");
    await popup.waitFor();
    const inWindow = () =>
      popup.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return rect.top >= 0 && rect.left >= 0 && rect.bottom <= window.innerHeight && rect.right <= window.innerWidth;
      });
    expect(await inWindow()).toBe(true);
    await narrow.keyboard.press("Escape");
    expect(await editor.body().getAttribute("aria-controls")).toBeNull();
    await narrow.context().close();
  });

  it("has no axe violation while open, in light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ baseURL: app.url, colorScheme, viewport: { width: 1280, height: 800 }, storageState: await page.context().storageState() });
      const themed = await context.newPage();
      await openDocument(undefined, themed);
      await themed.keyboard.type("/");
      await themed.getByRole("listbox", { name: "Insert a block" }).waitFor();
      await themed.keyboard.press("ArrowDown");
      const violations = await axeViolations(themed);
      expect(violations, colorScheme).toEqual([]);
      await context.close();
    }
  });
});

describe("the keyboard shortcuts dialog", () => {
  it("lists the block shortcuts and the / menu", async () => {
    await openDocument();
    await chooseFromDocumentMenu(page, "Keyboard shortcuts");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    for (const keys of ["#, ## or ### then Space", "``` (three backticks)", "**text**", "/ on an empty line"]) await dialog.getByText(keys, { exact: true }).waitFor();
    await page.keyboard.press("Escape");
  });
});

describe("two editors", () => {
  it("converge on what shortcuts and the / menu make", async () => {
    const first = await openDocument();
    const other = await (await browser.newContext({ baseURL: app.url, storageState: await page.context().storageState() })).newPage();
    await other.goto(page.url());
    const second = new EditorPage(other);
    await second.waitUntilEditable();

    await page.keyboard.type("## Agenda");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.type("We **agree**");
    await expect.poll(() => second.body().locator("h2").textContent()).toBe("Agenda");
    await expect.poll(() => second.body().locator("strong").textContent()).toBe("agree");

    await second.body().click();
    await other.keyboard.press("Control+End");
    await other.keyboard.type("/quote");
    await other.keyboard.press("Enter");
    await other.keyboard.type("Said twice");
    await expect.poll(() => first.body().locator("blockquote").textContent()).toBe("Said twice");
    // The same markup, but for Quill's cursor blot (where the next typed character takes its formats), which is local.
    const markup = (editor: EditorPage) =>
      editor.body().evaluate((body) => {
        const copy = body.cloneNode(true) as HTMLElement;
        for (const cursor of copy.querySelectorAll(".ql-cursor")) cursor.replaceWith(...cursor.childNodes);
        return copy.innerHTML.replaceAll("\uFEFF", "");
      });
    await expect
      .poll(async () => {
        const [a, b] = [await markup(first), await markup(second)];
        return a === b ? "the same" : `${a}\n  differs from\n${b}`;
      })
      .toBe("the same");
    await expect
      .poll(async () => (await first.storedLines()).filter((line) => line.text).map((line) => [line.text, line.block]))
      .toEqual([
        ["Agenda", { header: 2 }],
        ["We agree", {}],
        ["Said twice", { blockquote: true }],
      ]);
    await other.context().close();
  });
});
