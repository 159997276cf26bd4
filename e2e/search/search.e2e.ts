import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { SearchPalette } from "../pages/search-palette";
import { Sidebar } from "../pages/sidebar";
import { createDocumentViaApi, signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

describe("search", () => {
  it("finds a word just typed into a document with Ctrl-K from its first letters, and Enter opens the document", async () => {
    const { page, person } = await signedUpPage(browser, app.url);
    const sidebar = new Sidebar(page);
    await sidebar.newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.setTitle("Expedition log");
    const documentId = editor.documentId();
    await editor.body().click();
    await page.keyboard.type("Today the quixotrail team reached the ridge.");
    await editor.waitUntilSaved();

    // The search route's code loads with its first request (docs/architecture.md): loaded here, so
    // the time below is the store and the search, not a cold start on a slow machine.
    expect((await page.request.get(`/api/v1/search?q=ridge&workspace=${person.workspaceSlug}`)).status()).toBe(200);

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
    const { page, person } = await signedUpPage(browser, app.url, "searcher");
    // Through the API: the test above types into the editor, this one is about the results page
    // (21 documents made in the editor took most of the test's five minutes on a slow machine).
    for (let i = 1; i <= 21; i += 1) {
      await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: `Kumquat note ${i}`, markdown: `Note ${i} on kumquats.` });
    }
    const slug = person.workspaceSlug;
    const status = page.getByRole("status").filter({ hasText: /./ });

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/w/${slug}/search`);
    await page.getByText("Search this workspace").waitFor();
    await page.getByRole("searchbox").fill("kumquat");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "kumquat");
    await expect.poll(() => status.textContent()).toBe("Results 1–20 for “kumquat”, more on the next page.");
    expect(await page.getByRole("list", { name: "Results" }).getByRole("listitem").count()).toBe(20);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole("link", { name: "Next page" }).click();
    await expect.poll(() => status.textContent()).toBe("Result 21 for “kumquat”.");
    expect(await page.getByRole("list", { name: "Results" }).getByRole("listitem").count()).toBe(1);
    await page.getByRole("link", { name: "First page" }).click();
    await expect.poll(() => status.textContent()).toBe("Results 1–20 for “kumquat”, more on the next page.");

    await page.goto(`/w/${slug}/search?q=${encodeURIComponent("nothing-matches-zzqx")}`);
    await page.getByText("No results for “nothing-matches-zzqx”", { exact: true }).waitFor();
    await page.goto(`/w/${slug}/search?q=${"a".repeat(201)}`);
    expect(await page.getByRole("alert").filter({ hasText: "at most 200 characters" }).count()).toBe(1);
  });
});
