import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { withAppAndBrowser } from "../support/app-and-browser";
import { createDocumentViaApi, signedUpPage } from "../support/workspace";

const { app, browser } = withAppAndBrowser();

// A title typed in the field is never lost (QA): offline, just before the tab closes, or while
// someone else renames the document.
async function storedTitle(page: Page, id: string): Promise<string> {
  const response = await page.request.get(`/api/v1/documents/${id}?format=markdown`);
  return ((await response.json()) as { title: string }).title;
}

async function openDocument(page: Page, slug: string, id: string): Promise<EditorPage> {
  await page.goto(`/w/${slug}/d/${id}`);
  const editor = new EditorPage(page);
  await editor.waitUntilEditable();
  return editor;
}

/** Closes a tab as a person does (its pagehide runs), once it is really gone. */
async function closeTab(page: Page): Promise<void> {
  await Promise.all([page.waitForEvent("close"), page.close({ runBeforeUnload: true })]);
}

describe("the title field", () => {
  it("keeps a title typed offline, says so, and saves it when the connection is back", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "title-offline");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Before", markdown: "Body." });
    const editor = await openDocument(page, person.workspaceSlug, doc.id);
    await page.context().setOffline(true);
    await editor.title().fill("Renamed offline");
    await page.getByTestId("title-notice").filter({ hasText: "It is kept on this device and saved when the connection is back." }).waitFor();
    expect(await storedTitle(page, doc.id)).toBe("Before");
    await page.context().setOffline(false);
    await expect.poll(() => storedTitle(page, doc.id), { timeout: 15_000 }).toBe("Renamed offline");
    await expect.poll(() => page.getByTestId("title-notice").count()).toBe(0);
  });

  it("saves a title typed just before the page is reloaded or closed", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "title-leave");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Old title", markdown: "Body." });
    const editor = await openDocument(page, person.workspaceSlug, doc.id);
    await editor.title().fill("Typed then reloaded");
    await page.reload();
    await expect.poll(() => storedTitle(page, doc.id)).toBe("Typed then reloaded");
    expect(await new EditorPage(page).title().inputValue()).toBe("Typed then reloaded");

    const other = await page.context().newPage();
    const again = await openDocument(other, person.workspaceSlug, doc.id);
    await again.title().fill("Typed then closed");
    await closeTab(other);
    await expect.poll(() => storedTitle(page, doc.id)).toBe("Typed then closed");
  });

  it("keeps a title typed offline in a tab that was then closed, and saves it on the next visit", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "title-draft");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Draft base", markdown: "Body." });
    const closing = await page.context().newPage();
    const editor = await openDocument(closing, person.workspaceSlug, doc.id);
    // Nothing reaches the server until the next visit: not the field's saves, not the request sent as the tab closes.
    const cutOff = (route: Route) => (route.request().method() === "GET" ? route.continue() : route.abort("internetdisconnected"));
    await page.context().route("**/*", cutOff);
    await page.context().setOffline(true);
    await editor.title().fill("Typed in a closed tab");
    await closing.getByTestId("title-notice").waitFor();
    await closeTab(closing);
    await page.context().setOffline(false);
    expect(await storedTitle(page, doc.id)).toBe("Draft base");
    await page.context().unroute("**/*", cutOff);
    await openDocument(page, person.workspaceSlug, doc.id);
    await expect.poll(() => storedTitle(page, doc.id)).toBe("Typed in a closed tab");

    // Typed offline again, but someone renames the document before this device is back: theirs
    // stays, and the field says what was not saved.
    const second = await page.context().newPage();
    const secondEditor = await openDocument(second, person.workspaceSlug, doc.id);
    await page.context().route("**/*", cutOff);
    await page.context().setOffline(true);
    await secondEditor.title().fill("Mine, offline");
    await second.getByTestId("title-notice").waitFor();
    await closeTab(second);
    await page.context().setOffline(false);
    await page.context().unroute("**/*", cutOff);
    const renamed = await page.request.patch(`/api/v1/documents/${doc.id}`, { headers: { origin: app.url }, data: { title: "Theirs" } });
    expect(renamed.status()).toBe(200);
    const reopened = await openDocument(page, person.workspaceSlug, doc.id);
    await page.getByTestId("title-notice").filter({ hasText: "Your title “Mine, offline” typed on this device was not saved: the document was renamed “Theirs” meanwhile." }).waitFor();
    expect(await reopened.title().inputValue()).toBe("Theirs");
    expect(await storedTitle(page, doc.id)).toBe("Theirs");
  });

  it("follows a rename made elsewhere, so the next edit here doesn't overwrite it", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "title-remote");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "T-remote", markdown: "Body." });
    const watcher = await openDocument(page, person.workspaceSlug, doc.id);
    const renamer = await page.context().newPage();
    await (await openDocument(renamer, person.workspaceSlug, doc.id)).setTitle("Renamed by A");
    await expect.poll(() => watcher.title().inputValue()).toBe("Renamed by A");
    await expect.poll(() => page.title()).toBe("Renamed by A · Quire");
    await watcher.title().press("End");
    await page.keyboard.type(" (B)");
    await watcher.title().press("Enter");
    await expect.poll(() => storedTitle(page, doc.id)).toBe("Renamed by A (B)");
    await renamer.close();
  });
});
