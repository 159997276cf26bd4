import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { SearchPalette } from "../pages/search-palette";
import { Sidebar } from "../pages/sidebar";
import { signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

describe("search", () => {
  it("finds a word just typed into a document with Ctrl-K from its first letters, and Enter opens the document", async () => {
    const { page } = await signedUpPage(browser, app.url);
    const sidebar = new Sidebar(page);
    await sidebar.newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.setTitle("Expedition log");
    const documentId = editor.documentId();
    await editor.body().click();
    await page.keyboard.type("Today the quixotrail team reached the ridge.");
    await editor.waitUntilSaved();

    // Somewhere else in the app, with the editor closed (its last client gone, the server stores at once).
    await page.locator("aside").getByRole("link", { name: "Home" }).click();
    await page.waitForURL((url) => !url.pathname.includes("/d/"));
    const palette = new SearchPalette(page);
    const started = Date.now();
    // The start of the word is enough, as the palette searches while one types.
    await palette.searchUntilFound("quixot", "Expedition log");
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect.poll(() => palette.status().textContent()).toBe("1 document found.");
    expect(await palette.result("Expedition log").innerHTML()).toContain("<mark>quixotrail</mark>");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.endsWith(`-${documentId}`));
    await editor.waitUntilEditable();
    expect(await palette.dialog().count()).toBe(0);

    // Ctrl-K inside the editor opens the palette too (it takes the key from Quill's link shortcut).
    await editor.body().click();
    await palette.open();
    await page.keyboard.press("Escape");
    expect(await editor.body().textContent()).toBe("Today the quixotrail team reached the ridge.");
  });

  it("lists results 20 a page with a next page, and shows the empty, no-results and too-long states", async () => {
    const { page } = await signedUpPage(browser, app.url, "searcher");
    const sidebar = new Sidebar(page);
    const editor = new EditorPage(page);
    for (let i = 1; i <= 21; i += 1) {
      await sidebar.newTopLevelDocument();
      await editor.setTitle(`Kumquat note ${i}`);
      await expect.poll(() => sidebar.item(`Kumquat note ${i}`).count()).toBe(1);
    }
    const slug = new URL(page.url()).pathname.split("/")[2];
    const status = page.getByRole("status").filter({ hasText: /./ });

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/w/${slug}/search`);
    await page.getByText("Search this workspace").waitFor();
    await page.getByRole("searchbox").fill("kumquat");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "kumquat");
    // The tree shows a title as it is typed; the last one may still be on its way to the server
    // on a busy machine, so the search is asked again until all 21 are stored.
    await expect
      .poll(
        async () => {
          const text = await status.textContent();
          if (text?.startsWith("20 results")) await page.reload();
          return text;
        },
      )
      .toBe("Results 1–20, more on the next page for “kumquat”.");
    expect(await page.getByRole("list", { name: "Results" }).getByRole("listitem").count()).toBe(20);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole("link", { name: "Next page" }).click();
    await expect.poll(() => status.textContent()).toBe("Results 21–21 for “kumquat”.");
    expect(await page.getByRole("list", { name: "Results" }).getByRole("listitem").count()).toBe(1);
    await page.getByRole("link", { name: "First page" }).click();
    await expect.poll(() => status.textContent()).toBe("Results 1–20, more on the next page for “kumquat”.");

    await page.goto(`/w/${slug}/search?q=${encodeURIComponent("nothing-matches-zzqx")}`);
    await page.getByText("No results for “nothing-matches-zzqx”", { exact: true }).waitFor();
    await page.goto(`/w/${slug}/search?q=${"a".repeat(201)}`);
    expect(await page.getByRole("alert").filter({ hasText: "at most 200 characters" }).count()).toBe(1);
  });
});
