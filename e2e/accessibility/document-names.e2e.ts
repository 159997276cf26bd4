import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import { withAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

// Screen readers find a page by its heading and its window title: the editor page names the
// document in both (its title is an input, which heading navigation skips).

const { app, browser } = withAppAndBrowser();

describe("the document page's names", () => {
  it("has one h1, the document's title as typed, and the window's title follows the saved title", async () => {
    const { page } = await signedUpPage(browser, app.url, "namer");
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    const heading = page.getByRole("heading", { level: 1 });
    expect(await heading.count()).toBe(1);
    expect(await heading.textContent()).toBe("Untitled");
    expect(await page.title()).toBe("Untitled · Quire");

    await editor.title().click();
    await page.keyboard.type("Quarterly plan");
    expect(await heading.textContent()).toBe("Quarterly plan");
    // Saved a moment after typing stops; the sidebar shows it then, and so does the window.
    await expect.poll(() => new Sidebar(page).link("Quarterly plan").count()).toBe(1);
    await expect.poll(() => page.title()).toBe("Quarterly plan · Quire");

    // The visible field stays the field: no second copy of the title on screen.
    expect(await heading.evaluate((h1) => h1.getBoundingClientRect().width <= 1)).toBe(true);
    await page.reload();
    await editor.waitUntilEditable();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Quarterly plan");
    expect(await page.title()).toBe("Quarterly plan · Quire");
  });
});
