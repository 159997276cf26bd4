import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentSegment } from "@/shared/document-slug";
import { EditorPage } from "../pages/editor-page";
import { SignUpPage } from "../pages/sign-up-page";
import { newPerson } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { createDocumentViaApi } from "../support/workspace";

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
});
afterAll(() => stopAppAndBrowser(app, browser));

/** A new person's document open in a window `width` px wide. */
async function documentAt(width: number): Promise<{ page: Page; editor: EditorPage }> {
  const person = newPerson("phone");
  const context = await browser.newContext({ baseURL: app.url, viewport: { width, height: 740 } });
  const page = await context.newPage();
  await new SignUpPage(page).signUp(person);
  const document = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Narrow", markdown: "First line\n\nSecond line" });
  const editor = new EditorPage(page);
  await editor.watchBodyPosition();
  await page.goto(`/w/${person.workspaceSlug}/d/${documentSegment(document)}`);
  await editor.waitUntilEditable();
  return { page, editor };
}

/** The toolbar's height in rows of its buttons (a row: a button's height and the gap to the next). */
async function toolbarRows(page: Page, editor: EditorPage): Promise<number> {
  const toolbar = await editor.toolbar().boundingBox();
  const button = await page.locator(".ql-toolbar button.ql-bold").boundingBox();
  if (!toolbar || !button) throw new Error("toolbar not shown");
  // editor.css pads the toolbar 4 px above and below, inside a 1 px border; rows are 4 px apart.
  return (toolbar.height - 10 + 4) / (button.height + 4);
}

describe("the toolbar in a narrow window", () => {
  it("keeps to two rows at 360 px, with the rarer controls behind More formatting", async () => {
    const { page, editor } = await documentAt(360);
    const more = page.getByRole("button", { name: "More formatting" });
    expect(await toolbarRows(page, editor)).toBeLessThanOrEqual(2.5);
    // Fonts go first (toolbar.ts OVERFLOW_ORDER); what else fits depends on the width.
    expect(await page.locator(".ql-toolbar .ql-font .ql-picker-label").isVisible()).toBe(false);
    expect(await more.getAttribute("aria-expanded")).toBe("false");
    // The skeleton held the same two rows before Quill came: the body did not move.
    const positions = await editor.bodyPositions();
    expect(positions.find((entry) => entry.isLive)?.top).toBe(positions.findLast((entry) => !entry.isLive)?.top);

    // A moved control applies to the text: Quill's handlers moved with it.
    await editor.body().getByText("Second line").click();
    await more.click();
    expect(await more.getAttribute("aria-expanded")).toBe("true");
    await page.locator(".ql-toolbar .ql-align .ql-picker-label").click();
    await page.locator('.ql-toolbar .ql-align .ql-picker-item[data-value="center"]').click();
    await expect.poll(() => editor.body().locator("p.ql-align-center").textContent()).toBe("Second line");
    if (process.env.QUIRE_SHOTS) await page.screenshot({ path: `${process.env.QUIRE_SHOTS}/toolbar-360-open.png` });

    // Escape in the row closes it, back to its button; Escape there goes back to the text.
    await page.locator(".ql-toolbar .ql-font .ql-picker-label").focus();
    await page.keyboard.press("Escape");
    expect(await more.getAttribute("aria-expanded")).toBe("false");
    expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.locator(".ql-toolbar .ql-more-panel").isVisible()).toBe(false);
    await page.keyboard.press("Escape");
    expect(await editor.body().evaluate((body) => body === document.activeElement)).toBe(true);
  });

  it("reaches the moved controls from Alt+F10 with the arrow keys and Enter", async () => {
    const { page, editor } = await documentAt(360);
    await editor.body().getByText("First line").click();
    await editor.waitUntilSaved();
    await page.keyboard.press("Alt+F10");
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    expect(await focused()).toBe("Heading: Normal text");
    await page.keyboard.press("ArrowLeft");
    expect(await focused()).toBe("More formatting");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowRight");
    expect(await focused()).toBe("Font: Sans serif");
    // Back past More formatting to the last control of the toolbar's own rows.
    const lastInRow = await page.locator(".ql-toolbar > .ql-formats:not(.ql-more-formats)").last().evaluate((group) =>
      Array.from(group.querySelectorAll("button, .ql-picker-label")).at(-1)?.getAttribute("aria-label"),
    );
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    expect(await focused()).toBe(lastInRow);
  });

  // With the table button and the comments group in the row, indent (Tab does it too) is the next rarest to move.
  it("shows every control but fonts, sizes, sub/superscript and indent in place at 1280 px, those behind More formatting", async () => {
    const { page, editor } = await documentAt(1280);
    expect(await page.getByRole("button", { name: "More formatting" }).isVisible()).toBe(true);
    expect(await page.locator(".ql-toolbar .ql-font .ql-picker-label").isVisible()).toBe(false);
    expect(await page.locator(".ql-toolbar .ql-align .ql-picker-label").isVisible()).toBe(true);
    const order = await editor.toolbar().locator("> .ql-formats").evaluateAll((groups) =>
      groups.filter((group) => getComputedStyle(group).display !== "none").map((group) => group.querySelector("button, .ql-picker")?.className.split(" ").find((c) => c.startsWith("ql-") && !c.endsWith("picker"))),
    );
    expect(order).toEqual(["ql-header", "ql-bold", "ql-color", "ql-list", "ql-align", "ql-blockquote", "ql-link", "ql-clean", "ql-comment", "ql-more"]);
    expect(await editor.toolbar().getByRole("button", { name: /table/i }).first().isVisible()).toBe(true);
  });
});
