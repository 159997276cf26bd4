import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { HistoryPage } from "../pages/history-page";
import { Sidebar } from "../pages/sidebar";
import { signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

describe("document history", () => {
  it("saves a named version, shows the changed word since, and restores it into an open editor", async () => {
    const { page } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().click();
    await page.keyboard.type("The quick brown fox");
    await editor.waitUntilSaved();

    // A blank name is refused next to the field; then the version is saved.
    const history = new HistoryPage(page);
    const dialog = await history.openSaveVersion();
    await dialog.getByRole("button", { name: "Save version" }).click();
    expect(await dialog.getByRole("alert").textContent()).toBe("Give the version a name.");
    await dialog.getByLabel("Version name").fill("  First draft ");
    await dialog.getByRole("button", { name: "Save version" }).click();
    await page.getByTestId("version-notice").waitFor();
    // Opened again, the dialog starts empty.
    expect(await (await history.openSaveVersion()).getByLabel("Version name").inputValue()).toBe("");
    await page.keyboard.press("Escape");

    // "brown" becomes "red": one word deleted, another inserted.
    await editor.body().click();
    await page.keyboard.press("Home");
    for (let i = 0; i < "The quick ".length; i += 1) await page.keyboard.press("ArrowRight");
    for (let i = 0; i < "brown".length; i += 1) await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.type("red");
    await editor.waitUntilSaved();

    // A second tab keeps the document open while the first restores the version.
    const openEditor = new EditorPage(await page.context().newPage());
    await openEditor.page.goto(page.url());
    await openEditor.waitUntilEditable();
    expect(await openEditor.body().textContent()).toBe("The quick red fox");

    // Back to the first tab, as a person would (a menu opened in a background tab loses focus and closes).
    await page.bringToFront();
    await history.openTimeline();
    await history.openRevision("First draft");
    expect(await history.changes("ins")).toEqual(["red"]);
    expect(await history.changes("del")).toEqual(["brown"]);
    expect(await page.getByTestId("revision-body").innerText()).toContain("The quick brown fox");
    // Readable at 360 px: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });

    await history.restore();
    await page.waitForURL((url) => !url.pathname.includes("/history"));
    // The tab that stayed open changes without a reload; the restored-over text is kept as a revision.
    await expect.poll(() => openEditor.body().textContent()).toBe("The quick brown fox");
    expect((await openEditor.storedDocument()).delta.ops.map((op) => op.insert).join("")).toBe("The quick brown fox\n");
    await history.openTimeline();
    expect(await page.getByTestId("revision-list").getByRole("link").allInnerTexts()).toEqual([
      expect.stringContaining("Before a restore"),
      expect.stringContaining("First draft"),
    ]);
  });
});
