import path from "node:path";
import type { Page } from "playwright-core";
import Delta from "quill-delta";
import type { Op } from "quill-delta";
import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import { FIXTURES, signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

/** Puts the caret on line `n` (0-based) and selects its text. */
async function selectLine(page: Page, editor: EditorPage, n: number) {
  await editor.body().click();
  await page.keyboard.press("Control+Home");
  for (let i = 0; i < n; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Home");
  await page.keyboard.press("Shift+End");
}

async function pick(page: Page, picker: string, value: string) {
  const label = page.locator(`.ql-toolbar .ql-${picker} .ql-picker-label`);
  // Fonts and sizes sit behind More formatting even at 1280 px (editor/toolbar-more.ts).
  if (!(await label.isVisible())) await page.getByRole("button", { name: "More formatting" }).click();
  await label.click();
  await page.locator(`.ql-toolbar .ql-${picker} .ql-picker-item[data-value="${value}"]`).click();
  await page.locator(`.ql-toolbar .ql-picker.ql-${picker}.ql-expanded`).waitFor({ state: "detached" });
}

const LINES = ["Heading", "Styled", "Fonts", "Colours", "Sub", "Ordered", "Bullet", "Check", "Indented", "Centered", "Quote", "const x = 1;", "inline", "Link", "Cleared"];

describe("the editor toolbar", () => {
  it("applies every control, a formula, a code block and an image from the picker, and keeps them after a reload", async () => {
    const { page } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.setTitle("Every control");
    await expect.poll(() => new Sidebar(page).item("Every control").isVisible()).toBe(true);
    await editor.body().click();
    await page.keyboard.type(LINES.join("\n"));

    const line = (text: string) => LINES.indexOf(text);
    const button = (selector: string) => page.locator(`.ql-toolbar ${selector}`).click();

    await selectLine(page, editor, line("Heading"));
    await pick(page, "header", "1");
    await selectLine(page, editor, line("Styled"));
    for (const format of ["bold", "italic", "underline", "strike"]) await button(`.ql-${format}`);
    await selectLine(page, editor, line("Fonts"));
    await pick(page, "font", "serif");
    await selectLine(page, editor, line("Fonts"));
    await pick(page, "size", "large");
    await selectLine(page, editor, line("Colours"));
    await pick(page, "color", "#e60000");
    await selectLine(page, editor, line("Colours"));
    await pick(page, "background", "#ffff00");
    await selectLine(page, editor, line("Sub"));
    await button('.ql-script[value="sub"]');
    await selectLine(page, editor, line("Ordered"));
    await button('.ql-list[value="ordered"]');
    await selectLine(page, editor, line("Bullet"));
    await button('.ql-list[value="bullet"]');
    await selectLine(page, editor, line("Check"));
    await button('.ql-list[value="check"]');
    await selectLine(page, editor, line("Indented"));
    await button('.ql-indent[value="+1"]');
    await selectLine(page, editor, line("Centered"));
    await pick(page, "align", "center");
    await selectLine(page, editor, line("Quote"));
    await button(".ql-blockquote");
    await selectLine(page, editor, line("const x = 1;"));
    await button(".ql-code-block");
    await selectLine(page, editor, line("inline"));
    await button(".ql-code");
    await selectLine(page, editor, line("Link"));
    await button(".ql-link");
    await page.locator(".ql-tooltip[data-mode=link] input").fill("https://example.com/quire");
    await page.locator(".ql-tooltip[data-mode=link] input").press("Enter");
    await selectLine(page, editor, line("Cleared"));
    await button(".ql-bold");
    await selectLine(page, editor, line("Cleared"));
    await button(".ql-clean");

    // A formula and an image at the end of the document.
    await editor.body().click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await button(".ql-formula");
    await page.locator(".ql-tooltip[data-mode=formula] input").fill("e=mc^2");
    await page.locator(".ql-tooltip[data-mode=formula] input").press("Enter");
    const chooser = page.waitForEvent("filechooser");
    await button(".ql-image");
    const fileChooser = await chooser;
    expect(await fileChooser.element().getAttribute("accept")).toBe("image/png, image/gif, image/jpeg, image/bmp, image/x-icon");
    await fileChooser.setFiles(path.join(FIXTURES, "red.png"));
    await expect.poll(() => editor.body().locator("img").count()).toBe(1);
    await editor.waitUntilSaved();

    await page.reload();
    await editor.waitUntilEditable();
    expect(await editor.body().locator("h1").textContent()).toBe("Heading");
    // "Saved" means the server has every change; it stores them up to 2 s later, and the first
    // formula a body worker renders starts its Quill host (fast-render falls back to it), so wait
    // for the store that holds the image, the last change, rather than read the one before it.
    const hasImage = async () => (await editor.storedDocument()).delta.ops.some((op) => typeof op.insert === "object" && op.insert !== null && "image" in op.insert);
    await expect.poll(hasImage).toBe(true);
    const { title, delta } = await editor.storedDocument();
    expect(title).toBe("Every control");
    // Line by line: each line's text, its inline attributes, and its block attributes.
    const lines = new Map<string, { inline: Array<Record<string, unknown>>; block: Record<string, unknown> }>();
    new Delta(delta.ops as Op[]).eachLine((line, block) => {
      const text = line.ops.map((op) => (typeof op.insert === "string" ? op.insert : "")).join("");
      lines.set(text, { inline: line.ops.map((op) => op.attributes ?? {}), block });
    });
    const inlineOf = (text: string) => lines.get(text)?.inline;
    const blockOf = (text: string) => lines.get(text)?.block;
    expect(blockOf("Heading")).toEqual({ header: 1 });
    expect(inlineOf("Styled")).toEqual([{ bold: true, italic: true, underline: true, strike: true }]);
    expect(inlineOf("Fonts")).toEqual([{ font: "serif", size: "large" }]);
    expect(inlineOf("Colours")).toEqual([{ color: "#e60000", background: "#ffff00" }]);
    expect(inlineOf("Sub")).toEqual([{ script: "sub" }]);
    expect(blockOf("Ordered")).toEqual({ list: "ordered" });
    expect(blockOf("Bullet")).toEqual({ list: "bullet" });
    expect(blockOf("Check")).toEqual({ list: "unchecked" });
    expect(blockOf("Indented")).toEqual({ indent: 1 });
    expect(blockOf("Centered")).toEqual({ align: "center" });
    expect(blockOf("Quote")).toEqual({ blockquote: true });
    expect(blockOf("const x = 1;"), JSON.stringify(delta.ops)).toEqual({ "code-block": expect.any(String) });
    expect(inlineOf("inline")).toEqual([{ code: true }]);
    expect(inlineOf("Link")).toEqual([{ link: "https://example.com/quire" }]);
    expect(inlineOf("Cleared"), JSON.stringify(delta.ops)).toEqual([{}]);
    expect(blockOf("Cleared")).toEqual({});
    const embeds = delta.ops.filter((op) => typeof op.insert === "object").map((op) => op.insert);
    expect(embeds).toEqual([{ formula: "e=mc^2" }, { image: expect.stringMatching(/^\/api\/v1\/files\/[A-Za-z0-9_-]{16,}$/) }]);
  });

  it("indents a code line by the editor rule's two spaces with Tab and takes them back with Shift+Tab", async () => {
    const { page } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().click();
    await page.keyboard.type("return 1;");
    await page.locator(".ql-toolbar .ql-code-block").click();
    await page.keyboard.press("Home");
    await page.keyboard.press("Tab");
    const codeLine = editor.body().locator(".ql-code-block").first();
    await expect.poll(() => codeLine.textContent()).toBe("  return 1;");
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => codeLine.textContent()).toBe("return 1;");
  });

  it("highlights code by its language, and keeps the highlighting out of the stored document", async () => {
    const { page } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().click();
    await page.keyboard.type("const answer = 42;");
    await page.locator(".ql-toolbar .ql-code-block").click();
    await editor.body().locator(".ql-code-block-container select").selectOption("javascript");
    // The syntax module re-highlights every SYNTAX_INTERVAL_MS (docs/product.md "Editor rules").
    await expect.poll(() => editor.body().locator(".ql-code-block .ql-token.hljs-keyword").textContent()).toBe("const");
    await editor.waitUntilSaved();
    await expect.poll(async () => JSON.stringify((await editor.storedDocument()).delta)).toContain("javascript");
    expect(JSON.stringify((await editor.storedDocument()).delta)).not.toContain("code-token");
    // Tokens never travel: the server had nothing to repair, so the writer saw no notice.
    expect(app.output()).not.toContain("repaired an update");
    expect(await page.getByText("were not allowed").count()).toBe(0);
  });
});
