import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { documentSegment } from "@/shared/document-slug";
import { EditorPage } from "../pages/editor-page";
import { SignUpPage } from "../pages/sign-up-page";
import { newPerson } from "../support/accounts";
import { newContext } from "../support/browser";
import { withAppAndBrowser } from "../support/app-and-browser";
import { createDocumentViaApi } from "../support/workspace";

const { app, browser } = withAppAndBrowser();

const MARKDOWN = [
  "Quire keeps a team's notes, plans and decisions in one place, written together and readable by anyone with the link. This paragraph is long enough to show the reading width and the line height of body text.",
  "## Plan for the week",
  "- [x] Draft the outline",
  "- [ ] Review with the team",
  "- [ ] Publish the page",
  "Run `npm run build` before the end-to-end tests.",
  "```ts\nconst answer = 42;\n```",
  "### Notes",
  "1. First point\n2. Second point",
  "> A quote from someone who said something worth keeping.",
].join("\n\n");

/** A new person's document with headings, a check list and code, open at `width` px in `colorScheme`. */
async function documentAt(width: number, colorScheme: "light" | "dark" = "light"): Promise<{ page: Page; editor: EditorPage }> {
  const page = await (await newContext(browser, app.url, { width, colorScheme })).newPage();
  const person = newPerson("look");
  await new SignUpPage(page).signUp(person);
  const document = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Weekly notes", markdown: MARKDOWN });
  const editor = new EditorPage(page);
  await page.goto(`/w/${person.workspaceSlug}/d/${documentSegment(document)}`);
  await editor.waitUntilEditable();
  return { page, editor };
}

/** How many rows the toolbar's shown controls take (distinct tops, outside an open More row). */
async function toolbarRows(page: Page): Promise<number> {
  return page.locator(".document-editor .ql-toolbar:not(.ql-toolbar-placeholder)").evaluate((toolbar) => {
    const tops = Array.from(toolbar.querySelectorAll<HTMLElement>(":scope > .ql-formats"))
      .filter((group) => group.getClientRects().length > 0)
      .map((group) => Math.round(group.getBoundingClientRect().top));
    return new Set(tops).size;
  });
}

describe("the editor's look", () => {
  it.each([1280, 900])("keeps the toolbar to one row at %i px, the rest behind More formatting", async (width) => {
    const { page } = await documentAt(width);
    expect(await toolbarRows(page)).toBe(1);
    // Nothing is lost: every control is in the row or behind More formatting.
    expect(await page.locator(".ql-toolbar .ql-font .ql-picker-label").count()).toBe(1);
    const more = page.getByRole("button", { name: "More formatting" });
    await more.click();
    expect(await page.locator(".ql-toolbar .ql-font .ql-picker-label").isVisible()).toBe(true);
    expect(await page.locator(".ql-toolbar .ql-size .ql-picker-label").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    // The row stays one row when the window changes size.
    await page.setViewportSize({ width: width - 120, height: 800 });
    await expect.poll(() => toolbarRows(page)).toBe(1);
  });

  it("draws inline code and the code block with different icons", async () => {
    const { page } = await documentAt(1280);
    const icon = (selector: string) => page.locator(`.ql-toolbar button${selector}`).innerHTML();
    expect(await icon(".ql-code")).not.toBe(await icon(".ql-code-block"));
  });

  it("shows a check list item as a box that toggles on click", async () => {
    const { editor } = await documentAt(1280);
    const item = editor.body().locator("li", { hasText: "Review with the team" });
    const box = item.locator("> .ql-ui");
    expect(await item.getAttribute("data-list")).toBe("unchecked");
    // A drawn box (border, no glyph), not the ☐ character.
    const look = await box.evaluate((element) => {
      const style = getComputedStyle(element, "::before");
      return { content: style.content, border: style.borderTopWidth, width: style.width, height: style.height };
    });
    expect(look.content).toBe('""');
    expect(parseFloat(look.border)).toBeGreaterThan(0);
    expect(look.width).toBe(look.height);
    await box.click();
    await expect.poll(() => item.getAttribute("data-list")).toBe("checked");
    await box.click();
    await expect.poll(() => item.getAttribute("data-list")).toBe("unchecked");
  });

  it.skipIf(!process.env.QUIRE_SHOTS)("screenshots at 1280, 1024, 800 and 360 px, light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const width of [1280, 1024, 800, 360]) {
        const { page } = await documentAt(width, colorScheme);
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${process.env.QUIRE_SHOTS}/editor-${width}-${colorScheme}.png` });
        await page.getByRole("button", { name: "More formatting" }).click();
        await page.screenshot({ path: `${process.env.QUIRE_SHOTS}/editor-${width}-${colorScheme}-more.png` });
        await page.context().close();
      }
    }
  });
});
