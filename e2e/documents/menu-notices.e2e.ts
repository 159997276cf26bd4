import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { HistoryPage } from "../pages/history-page";
import { createDocumentViaApi, signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

/** Where the document's header (its buttons' row), its title and its body sit on the page. */
async function headerLayout(page: Page, editor: EditorPage) {
  const place = async (box: Promise<{ x: number; y: number; width: number; height: number } | null>) => {
    const found = await box;
    if (!found) throw new Error("not shown");
    return { x: Math.round(found.x), y: Math.round(found.y), width: Math.round(found.width), height: Math.round(found.height) };
  };
  return {
    buttons: await place(page.getByRole("button", { name: "Document actions" }).boundingBox()),
    title: await place(editor.title().boundingBox()),
    body: await place(editor.body().boundingBox()),
  };
}

// QA visual report item 19 / closing note "Seen, and left": the save-version notice was added
// above the title and pushed the page down 28 px (a long version name across the whole header).
describe("the document menu's notices", () => {
  for (const width of [1280, 360]) {
    it(`say a saved version over the page, moving nothing, at ${width} px`, async () => {
      const { page, person } = await signedUpPage(browser, app.url, `notice-${width}`);
      await page.setViewportSize({ width, height: 800 });
      const created = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Release plan", markdown: "Body text." });
      await page.goto(`/w/${person.workspaceSlug}/d/${created.id}`);
      const editor = new EditorPage(page);
      await editor.waitUntilEditable();
      await expect.poll(() => editor.status().textContent()).toBe("Saved");
      const before = await headerLayout(page, editor);

      const name = "Milestone with a long name that would once have run across the whole header";
      await new HistoryPage(page).saveVersion(name);
      const notice = page.getByTestId("version-notice");
      expect(await notice.textContent()).toContain(`Saved the version “${name}”.`);
      // Said to screen readers (a polite status), and in sight without scrolling.
      expect(await page.getByRole("status").filter({ hasText: `Saved the version “${name}”.` }).count()).toBe(1);
      const box = await notice.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 800 && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      expect(await headerLayout(page, editor)).toEqual(before);
      // Its link still goes to the versions.
      await notice.getByRole("link", { name: "See versions" }).click();
      await page.getByTestId("history-page").waitFor();
    });
  }
});
