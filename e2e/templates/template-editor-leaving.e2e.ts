import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SearchPalette } from "../pages/search-palette";
import { Sidebar } from "../pages/sidebar";
import { TemplateEditorPage } from "../pages/template-editor-page";
import { withAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

// Every way out of the template editor asks first while it holds unsaved changes, and staying
// loses nothing (docs/product.md "Templates"): the browser's Back and Forward, the Ctrl/⌘ K
// palette and the sidebar's "New document", beside the links and reloads of template-editor.e2e.ts.
const { app, browser } = withAppAndBrowser();

async function signedUpEditor(label: string): Promise<TemplateEditorPage> {
  const { page, person } = await signedUpPage(browser, app.url, label);
  return new TemplateEditorPage(page, person.workspaceSlug);
}

/**
 * The browser's Back or Forward button, as Playwright's goBack/goForward press it (CDP), without
 * waiting for a navigation: one the page cancels never comes.
 */
async function press(page: Page, button: "back" | "forward"): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const { currentIndex, entries } = await cdp.send("Page.getNavigationHistory");
  const entry = entries[currentIndex + (button === "back" ? -1 : 1)];
  if (!entry) throw new Error(`nothing to go ${button} to`);
  await cdp.send("Page.navigateToHistoryEntry", { entryId: entry.id });
  await cdp.detach();
}

/** Starts counting the page's moves between history entries; resolves to a reader of the count. */
async function countEntryChanges(page: Page): Promise<() => Promise<number>> {
  const key = `entryChanges${Math.random().toString(36).slice(2)}`;
  await page.evaluate((name) => {
    const counts = window as unknown as Record<string, number>; // a test's own global
    counts[name] = 0;
    window.navigation.addEventListener("currententrychange", () => (counts[name] = (counts[name] ?? 0) + 1));
  }, key);
  return () => page.evaluate((name) => (window as unknown as Record<string, number>)[name] ?? 0, key);
}

const isFocusIn = (page: Page, selector: string) => page.evaluate((inside) => document.activeElement?.closest(inside) !== null, selector);

/** Asserts the question is shown with focus in it, answers Cancel, and that the page is as it was. */
async function expectAskedAndStay(editor: TemplateEditorPage, url: string, text: string, focusBackIn: string) {
  await editor.leaveDialog().waitFor();
  expect(await isFocusIn(editor.page, "[role=dialog]")).toBe(true);
  await editor.stay();
  expect(editor.page.url()).toBe(url);
  expect(await editor.body().innerText()).toContain(text);
  expect(await editor.status().textContent()).toBe("Unsaved changes");
  await expect.poll(() => isFocusIn(editor.page, focusBackIn)).toBe(true);
}

async function documentCount(page: Page, slug: string): Promise<number> {
  const listed = await page.request.get(`/api/v1/documents?workspace=${slug}&limit=100`);
  expect(listed.status()).toBe(200);
  return ((await listed.json()) as { data: unknown[] }).data.length;
}

describe("template editor: leaving with unsaved changes", () => {
  it("Back asks first; staying keeps the text and the address, leaving goes back; unchanged, Back just goes", async () => {
    const editor = await signedUpEditor("template-back");
    const { page, slug } = editor;
    const list = `${app.url}/w/${slug}/settings/templates`;
    await editor.open("Weekly report");
    await press(page, "back");
    await page.waitForURL(list);
    await page.getByRole("link", { name: "Edit Weekly report" }).waitFor();
    expect(await editor.leaveDialog().count()).toBe(0);

    await editor.openFromList("Weekly report");
    const editorUrl = page.url();
    await editor.typeAtEnd(" BACK-unsaved");
    await press(page, "back");
    await expectAskedAndStay(editor, editorUrl, "BACK-unsaved", ".ql-editor");
    // Asked again each time. Back pressed again while asked is one the browser won't let the page
    // cancel (no click or key since the last): it is undone, and the question stays.
    const moves = await countEntryChanges(page); // (Playwright's evaluate counts as a click: before the first press)
    await press(page, "back");
    await press(page, "back");
    await expect.poll(moves).toBe(2); // to the list, and back
    expect(page.url()).toBe(editorUrl);
    await editor.leaveDialog().waitFor();
    expect(await editor.body().innerText()).toContain("BACK-unsaved");
    await editor.stay();
    expect(page.url()).toBe(editorUrl);
    expect(await editor.body().innerText()).toContain("BACK-unsaved");
    await press(page, "back");
    await editor.leave();
    await page.waitForURL(list);
    await page.getByRole("link", { name: "Edit Weekly report" }).waitFor();
  });

  it("Forward asks first; staying keeps the text and the address, leaving goes forward; unchanged, Forward just goes", async () => {
    const editor = await signedUpEditor("template-forward");
    const { page, slug } = editor;
    const list = `${app.url}/w/${slug}/settings/templates`;
    const home = `${app.url}/w/${slug}`;
    // Templates → the editor → Home, then Back to the editor: Home is Forward from it.
    await editor.open("Project brief");
    const editorUrl = page.url();
    await page.getByRole("navigation", { name: "Workspace" }).first().getByRole("link", { name: "Home" }).click();
    await page.waitForURL(home);
    await press(page, "back");
    await page.waitForURL(editorUrl);
    await editor.body().waitFor();
    await press(page, "forward");
    await page.waitForURL(home);
    expect(await editor.leaveDialog().count()).toBe(0);

    await press(page, "back");
    await page.waitForURL(editorUrl);
    await editor.typeAtEnd(" FORWARD-unsaved");
    await press(page, "forward");
    await expectAskedAndStay(editor, editorUrl, "FORWARD-unsaved", ".ql-editor");
    await press(page, "forward");
    await editor.leave();
    await page.waitForURL(home);
    // Back history is as it was: the editor, then the list.
    await press(page, "back");
    await page.waitForURL(editorUrl);
    await editor.body().waitFor();
    await press(page, "back");
    await page.waitForURL(list);
  });

  it("the Ctrl+K palette asks before going anywhere; staying keeps the text, the address and the palette", async () => {
    const editor = await signedUpEditor("template-palette");
    const { page, slug } = editor;
    const palette = new SearchPalette(page);
    const trash = palette.dialog().getByRole("option", { name: "Trash" });
    await editor.open("Meeting notes");
    await editor.body().click();
    await palette.open();
    await trash.click();
    await page.waitForURL(`**/w/${slug}/trash`);
    expect(await editor.leaveDialog().count()).toBe(0);

    await editor.open("Meeting notes");
    const editorUrl = page.url();
    await editor.typeAtEnd(" PALETTE-unsaved");
    await palette.open();
    await trash.click();
    await expectAskedAndStay(editor, editorUrl, "PALETTE-unsaved", "[role=dialog]");
    // Still in the palette, where Escape goes back to the text.
    expect(await palette.input().isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await palette.dialog().waitFor({ state: "detached" });
    expect(await isFocusIn(page, ".ql-editor")).toBe(true);

    await palette.open();
    await trash.click();
    await editor.leave();
    await page.waitForURL(`**/w/${slug}/trash`);
  });

  it("the sidebar's New document asks before creating one; staying creates none and keeps the text", async () => {
    const editor = await signedUpEditor("template-new-doc");
    const { page, slug } = editor;
    const sidebar = new Sidebar(page);
    await editor.open("Decision record");
    const before = await documentCount(page, slug);
    await sidebar.newDocumentButton().click();
    await page.waitForURL(/\/d\/[^/]+$/);
    expect(await documentCount(page, slug)).toBe(before + 1);

    await editor.open("Decision record");
    const editorUrl = page.url();
    await editor.typeAtEnd(" NEWDOC-unsaved");
    await sidebar.newDocumentButton().click();
    await editor.leaveDialog().waitFor();
    expect(await documentCount(page, slug)).toBe(before + 1);
    await expectAskedAndStay(editor, editorUrl, "NEWDOC-unsaved", "aside [aria-label='New document']");
    expect(await documentCount(page, slug)).toBe(before + 1);

    await sidebar.newDocumentButton().click();
    await editor.leave();
    await page.waitForURL(/\/d\/[^/]+$/);
    expect(await documentCount(page, slug)).toBe(before + 2);
  });
});
