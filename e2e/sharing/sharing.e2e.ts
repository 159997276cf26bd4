import path from "node:path";
import zlib from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { ShareDialog } from "../pages/share-dialog";
import { Sidebar } from "../pages/sidebar";
import { SignUpPage } from "../pages/sign-up-page";
import { newPerson } from "../support/accounts";
import { newContext } from "../support/browser";
import { FIXTURES, signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";
import { chooseFromDocumentMenu } from "../pages/document-menu";

const { app, browser } = withAppAndBrowser();

// Strings the minified editor bundles keep: Yjs's double-import guard and Parchment's (Quill's) loop guard.
const EDITOR_SIGNATURES = ["Yjs was already imported", "[Parchment] Maximum optimize iterations reached"];

/** Every script the page loaded (from the resource timeline, so lazy chunks count), with its bytes. */
async function loadedScripts(page: Page): Promise<Array<{ url: string; body: Buffer }>> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.endsWith(".js")),
  );
  return Promise.all(urls.map(async (url) => ({ url, body: await (await page.request.get(url)).body() })));
}

function editorCodeIn(scripts: Array<{ body: Buffer }>): string[] {
  return EDITOR_SIGNATURES.filter((signature) => scripts.some((s) => s.body.includes(signature)));
}

async function signedOutPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, app.url);
  return { context, page: await context.newPage() };
}

describe("sharing", () => {
  it("shares from a modal over the still-mounted editor, and publishes the document and its child to signed-out readers without editor code", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "sharer");
    const sidebar = new Sidebar(page);
    const editor = new EditorPage(page);

    await sidebar.newTopLevelDocument();
    await editor.waitUntilEditable();
    await editor.setTitle("Handbook");
    await expect.poll(async () => (await editor.storedDocument()).title).toBe("Handbook");
    let parentUrl = page.url();
    await sidebar.newChildOf("Handbook");
    await page.waitForURL((url) => url.toString() !== parentUrl && url.pathname.includes("/d/"));
    await editor.waitUntilEditable();
    await editor.setTitle("Chapter one");
    await expect.poll(async () => (await editor.storedDocument()).title).toBe("Chapter one");
    await editor.body().click();
    await page.keyboard.type("Chapter body text");
    await editor.waitUntilSaved();

    await page.goto(parentUrl);
    await editor.waitUntilEditable();
    parentUrl = page.url(); // the title's slug now: the old address redirected to it
    await editor.body().click();
    await page.keyboard.type("Welcome to the handbook. ");
    // An uploaded image: the public page must serve it without a session.
    await page.locator(".ql-toolbar .ql-image").click();
    await page.locator("input.ql-image[type=file]").setInputFiles(path.join(FIXTURES, "red.png"));
    await editor.body().locator("img").waitFor();
    await page.keyboard.press("End");
    await page.keyboard.type("Before the dialog.");
    // A mark on the live editor's DOM: a remount would build a new one without it.
    await editor.body().evaluate((el) => el.setAttribute("data-probe", "first-mount"));
    const editorScripts = await loadedScripts(page);
    // The check below can fail: the editor page itself does load Quill and Yjs.
    expect(editorCodeIn(editorScripts)).toEqual(EDITOR_SIGNATURES);

    // Soft navigation to …/share: intercepted, shown as a modal over the editor.
    await page.getByRole("link", { name: "Share", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${new URL(parentUrl).pathname}/share`);
    const dialog = new ShareDialog(page);
    await dialog.modal().waitFor();
    expect(await dialog.fullPage().count()).toBe(0);
    expect(await editor.body().getAttribute("data-probe")).toBe("first-mount");
    const members = await dialog.members();
    expect(members).toHaveLength(1);
    expect(members[0]).toContain(`${person.name} (you)`);
    expect(members[0]).toContain("Owner");

    await dialog.option("Include child documents").check();
    const sharePath = await dialog.createLink();
    expect(sharePath).toMatch(/^\/p\/[A-Za-z0-9_-]{22,}$/);

    await dialog.modal().getByRole("button", { name: "Close" }).click();
    await page.waitForURL(parentUrl);
    await dialog.modal().waitFor({ state: "detached" });
    expect(await editor.body().getAttribute("data-probe")).toBe("first-mount");
    await editor.body().click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" After the dialog.");
    await editor.waitUntilSaved();
    const storedText = async () => (await editor.storedDocument()).delta.ops.map((op) => (typeof op.insert === "string" ? op.insert : "")).join("");
    await expect.poll(storedText).toBe("Welcome to the handbook. Before the dialog. After the dialog.\n");
    expect((await editor.storedDocument()).delta.ops.filter((op) => typeof op.insert === "object")).toHaveLength(1);

    // A signed-out reader.
    const reader = await signedOutPage();
    const response = await reader.page.goto(sharePath);
    expect(response?.status()).toBe(200);
    await expect.poll(() => reader.page.getByRole("heading", { level: 1 }).textContent()).toBe("Handbook");
    expect(await reader.page.locator("article .ql-editor").textContent()).toBe("Welcome to the handbook. Before the dialog. After the dialog.");
    expect(await reader.page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    expect(await reader.page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${app.url}${sharePath}`);
    expect(await reader.page.locator('meta[name="description"]').getAttribute("content")).toContain("Welcome to the handbook.");
    const image = reader.page.locator("article .ql-editor img");
    expect(await image.getAttribute("src")).toMatch(/^\/_next\/image\?url=%2Fapi%2Fv1%2Ffiles%2F[^&]+sig%3D/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const contents = reader.page.getByTestId("published-contents");
    expect(await contents.getByRole("link").allTextContents()).toEqual(["Handbook", "Chapter one"]);
    expect(await contents.getByRole("link", { name: "Handbook" }).getAttribute("aria-current")).toBe("page");

    const scripts = await loadedScripts(reader.page);
    expect(editorCodeIn(scripts)).toEqual([]);
    const bytes = scripts.reduce((sum, s) => sum + s.body.length, 0);
    const gzipped = scripts.reduce((sum, s) => sum + zlib.gzipSync(s.body).length, 0);
    console.log(`[page weight] published page: ${scripts.length} scripts, ${bytes} bytes of JS (${gzipped} gzipped); editor page: ${editorScripts.reduce((sum, s) => sum + s.body.length, 0)} bytes`);

    await contents.getByRole("link", { name: "Chapter one" }).click();
    await reader.page.waitForURL(/\/p\/[A-Za-z0-9_-]+\/chapter-one-[a-z0-9]{12}$/);
    expect(await reader.page.getByRole("heading", { level: 1 }).textContent()).toBe("Chapter one");
    expect(await reader.page.locator("article .ql-editor").textContent()).toBe("Chapter body text");
    const childPath = new URL(reader.page.url()).pathname;

    // Opened directly (a hard navigation), …/share is the full page, not a modal.
    await page.goto(`${new URL(parentUrl).pathname}/share`);
    await dialog.fullPage().waitFor();
    expect(await dialog.modal().count()).toBe(0);
    expect(await editor.body().count()).toBe(0);
    expect(await dialog.linkPath()).toBe(sharePath);
    expect(await dialog.option("Include child documents").isChecked()).toBe(true);

    // Allowing search engines on the live link changes the page's robots meta.
    await dialog.option("Allow search engines").check();
    await expect.poll(async () => {
      await reader.page.goto(sharePath);
      return reader.page.locator('meta[name="robots"]').getAttribute("content");
    }).toBe("index, follow");

    // Revoked: the document and its child answer 404.
    await dialog.revoke();
    for (const gone of [sharePath, childPath]) {
      const answer = await reader.page.goto(gone);
      expect(answer?.status()).toBe(404);
      expect(await reader.page.getByText("This page could not be found").count()).toBeGreaterThan(0);
    }

    // A new link (children not included) works, and stops answering once the document is trashed.
    const secondPath = await dialog.createLink();
    expect(secondPath).not.toBe(sharePath);
    expect((await reader.page.goto(secondPath))?.status()).toBe(200);
    expect(await reader.page.getByTestId("published-contents").count()).toBe(0);
    expect((await reader.page.goto(`${secondPath}/${childPath.split("/").pop()}`))?.status()).toBe(404);
    await page.goto(parentUrl);
    // Once the page has settled: a menu opened while it still hydrates can close under the click.
    await editor.waitUntilEditable();
    await chooseFromDocumentMenu(page, "Move to trash");
    await page.waitForURL(/\/trash(\?|$)/); // with ?trashed=<id>: the page offers to undo it
    expect((await reader.page.goto(secondPath))?.status()).toBe(404);
    await reader.context.close();
  });

  it("fits a 360 px window in the dark theme: the share modal and the published page", async () => {
    const person = newPerson("narrow");
    const page = await (await newContext(browser, app.url, { colorScheme: "dark" })).newPage();
    await new SignUpPage(page).signUp(person);
    await new Sidebar(page).newTopLevelDocument();
    await page.setViewportSize({ width: 360, height: 800 });
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.setTitle("A rather long title that has to wrap on a narrow phone screen");
    await expect.poll(async () => (await editor.storedDocument()).title).toBe("A rather long title that has to wrap on a narrow phone screen");
    await editor.body().click();
    await page.keyboard.type(`A long line: ${"https://example.com/a/very/long/address/without/spaces/".repeat(3)} and more words.`);
    await editor.waitUntilSaved();
    // Pages serve what the server stored (its store is debounced after "Saved").
    await expect.poll(async () => JSON.stringify((await editor.storedDocument()).delta)).toContain("and more words.");

    // Renamed after the page loaded: the dialog must still open over this editor rather than load
    // a new page, and stay open when creating the link revalidates the page.
    await editor.body().evaluate((el) => el.setAttribute("data-probe", "first-mount"));
    await page.getByRole("link", { name: "Share", exact: true }).click();
    const dialog = new ShareDialog(page);
    await dialog.modal().waitFor();
    expect(await editor.body().getAttribute("data-probe")).toBe("first-mount");
    const sharePath = await dialog.createLink();
    // Creating the link revalidates the page; the refresh must leave the dialog open (it used to
    // render the renamed segment, which closed the dialog).
    await page.waitForLoadState("networkidle");
    expect(await dialog.modal().count()).toBe(1);
    // …and leave the editor under it as it was (the refresh renders the page without the
    // stale-slug redirect, which used to rebuild it).
    expect(await editor.body().getAttribute("data-probe")).toBe("first-mount");
    const box = await dialog.modal().boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);

    const reader = await (await newContext(browser, app.url, { width: 360, colorScheme: "dark" })).newPage();
    await reader.goto(sharePath);
    await reader.getByRole("heading", { level: 1 }).waitFor();
    expect(await reader.locator("article .ql-editor").textContent()).toContain("and more words.");
    await expect.poll(() => reader.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await reader.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // The body text takes the dark theme's light foreground, not Quill's default dark grey.
    expect(await reader.locator("article .ql-editor").evaluate((el) => getComputedStyle(el).color)).toBe("rgb(236, 236, 241)");
    await reader.context().close();
  });
});
