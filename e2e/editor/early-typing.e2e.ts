import { describe, expect, it } from "vitest";
import { EditorPage, documentIdIn } from "../pages/editor-page";
import { SearchPalette } from "../pages/search-palette";
import { Sidebar } from "../pages/sidebar";
import { createDocumentViaApi, invitedMemberPage, signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

// 30 characters, spaces included (a trailing space must survive the hand-over to the live editor).
const TYPED = "the quick brown fox jumps over";
// A person typing fast: the 30 keys span the moment the live editor replaces the server's HTML.
const KEY_DELAY_MS = 40;

describe("typing while a document opens", () => {
  it("puts what is typed right after “New document” into the new title, and Enter moves on to the body", async () => {
    const { page } = await signedUpPage(browser, app.url);
    await page.getByRole("main").getByRole("button", { name: "New document" }).click();
    await page.keyboard.type(TYPED, { delay: KEY_DELAY_MS });
    await page.waitForURL((url) => url.pathname.includes("/d/"));
    const editor = new EditorPage(page);
    await expect.poll(async () => (await editor.storedDocument()).title).toBe(TYPED);
    expect(await editor.title().inputValue()).toBe(TYPED);
    expect(await editor.title().evaluate((field) => field === document.activeElement)).toBe(true);

    // From the sidebar's "+", with Enter in the middle: the title, then the body.
    const first = editor.documentId();
    await new Sidebar(page).newDocumentButton().click();
    await page.keyboard.type("Weekly plan\nmonday standup first", { delay: KEY_DELAY_MS });
    await page.waitForURL((url) => documentIdIn(url) !== first);
    await expect.poll(() => editor.storedText()).toBe("monday standup first\n");
    expect((await editor.storedDocument()).title).toBe("Weekly plan");

    // From the palette's action (it closes at once, so the keys don't land in its search field).
    const second = editor.documentId();
    const palette = new SearchPalette(page);
    await palette.open();
    await palette.dialog().getByRole("option", { name: "New document" }).click();
    await page.keyboard.type("Retro notes", { delay: KEY_DELAY_MS });
    await page.waitForURL((url) => documentIdIn(url) !== second);
    await expect.poll(async () => (await editor.storedDocument()).title).toBe("Retro notes");
  });

  it("puts what is typed right after opening a document from Ctrl-K into its body, at the start, and goes on after it", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "palette");
    const target = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Lighthouse keeping", markdown: "Original body." });
    const origin = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Scratch pad", markdown: "Stays as it was." });
    const editor = new EditorPage(page);
    // Opened from inside another document's live editor: closing the palette must not hand the keys back to it.
    await page.goto(`/w/${person.workspaceSlug}/d/${origin.id}`);
    await editor.waitUntilEditable();
    await editor.body().click();

    const palette = new SearchPalette(page);
    await palette.searchUntilFound("lighthouse", "Lighthouse keeping");
    await page.keyboard.press("Enter");
    await page.keyboard.type(TYPED, { delay: KEY_DELAY_MS });
    await page.waitForURL((url) => url.pathname.endsWith(`-${target.id}`));
    await expect.poll(() => editor.storedText()).toBe(`${TYPED}Original body.\n`);

    // The caret goes on after what was typed, in the live editor.
    await editor.waitUntilEditable();
    await page.keyboard.type("!");
    await expect.poll(() => editor.storedText()).toBe(`${TYPED}!Original body.\n`);
    expect(await editor.storedText(origin.id)).toBe("Stays as it was.\n");
  });

  it("puts what is typed right after clicking a document in the sidebar into its body", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "tree");
    const target = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Field notes", markdown: "Line one.\n\nLine two." });
    const origin = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Other notes", markdown: "Untouched." });
    const editor = new EditorPage(page);
    await page.goto(`/w/${person.workspaceSlug}/d/${origin.id}`);
    await editor.waitUntilEditable();
    await editor.body().click();

    await new Sidebar(page).link("Field notes").click();
    // Enter and Backspace are typing too: a new line, and a mistake put right.
    await page.keyboard.type("Heading", { delay: KEY_DELAY_MS });
    await page.keyboard.press("Enter");
    await page.keyboard.type("and moree", { delay: KEY_DELAY_MS });
    await page.keyboard.press("Backspace");
    await page.keyboard.type(" ", { delay: KEY_DELAY_MS });
    await page.waitForURL((url) => url.pathname.endsWith(`-${target.id}`));
    await expect.poll(() => editor.storedText()).toBe("Heading\nand more Line one.\nLine two.\n");
    expect(await editor.storedText(origin.id)).toBe("Untouched.\n");
  });

  it("puts what is typed right after a document's address loads into its body, which does not move when the editor takes over", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "address");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Loaded directly", markdown: "# Heading\n\nBody text." });
    const editor = new EditorPage(page);
    await editor.watchBodyPosition();
    await page.goto(`/w/${person.workspaceSlug}/d/${doc.id}`, { waitUntil: "commit" });
    await editor.placeholder().waitFor();
    await page.keyboard.type(TYPED, { delay: KEY_DELAY_MS });
    await expect.poll(() => editor.storedText()).toBe(`${TYPED}Heading\nBody text.\n`);

    // The toolbar's space is held at its real height (it wraps at this width): no jump mid-typing.
    const positions = await editor.bodyPositions();
    const lastShownByServer = positions.findLast((entry) => !entry.isLive);
    const firstLive = positions.find((entry) => entry.isLive);
    expect(firstLive?.top).toBe(lastShownByServer?.top);
    expect(firstLive?.top).toBeGreaterThan(0);
  });

  it("lets an IME composition begun before the editor is live finish, and keeps it once", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "ime");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Composed", markdown: "Body text." });
    const editor = new EditorPage(page);
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`/w/${person.workspaceSlug}/d/${doc.id}`, { waitUntil: "commit" });
    await editor.placeholder().waitFor();
    // As a person can: once the body has the caret, which the page's inline script (it notes a
    // composition begun before hydration) has seen. The parser can show the body a moment before
    // running that script; a composition started in that moment, unseen, is what this test is not about.
    await page.waitForFunction(
      () =>
        document.activeElement?.getAttribute("data-testid") === "editor-placeholder" &&
        Object.keys((window as unknown as { __quireServerBodies?: object }).__quireServerBodies ?? {}).length > 0,
    );
    // Composing "nihon": the live editor is ready long before it is committed, and must wait for it.
    await cdp.send("Input.imeSetComposition", { text: "にほ", selectionStart: 2, selectionEnd: 2 });
    await page.waitForTimeout(2_000);
    await cdp.send("Input.insertText", { text: "日本" });
    await editor.waitUntilEditable();
    await page.keyboard.type("!");
    await expect.poll(() => editor.storedText()).toBe("日本!Body text.\n");
  });

  it("takes no keys into a viewer's read-only body", async () => {
    const owner = await signedUpPage(browser, app.url, "owner");
    const doc = await createDocumentViaApi(owner.page, app.url, owner.person.workspaceSlug, { title: "Read me", markdown: "Fixed text." });
    const viewer = await invitedMemberPage(browser, app.url, owner, "viewer", "viewer");
    const editor = new EditorPage(viewer.page);
    await viewer.page.goto(`/w/${owner.person.workspaceSlug}/d/${doc.id}`);
    await viewer.page.keyboard.type(TYPED, { delay: 5 });
    await editor.body().waitFor();
    await viewer.page.keyboard.type(TYPED, { delay: 5 });
    expect(await editor.placeholder().count()).toBe(0);
    expect(await editor.body().textContent()).toBe("Fixed text.");
    expect(await editor.body().getAttribute("contenteditable")).toBe("false");
  });
});

