import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { withAppAndBrowser } from "../support/app-and-browser";
import { newContext } from "../support/browser";
import { cookieHeader, signInViaApi } from "../support/accounts";
import { createDocumentViaApi, invitedMemberPage, signedUpPage } from "../support/workspace";

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

/** The signed-in person's id, from the device copy an open document keeps (`quire:<user>:<doc>`). */
async function personIdOn(page: Page, documentId: string): Promise<string> {
  let copy: string | undefined;
  await expect
    .poll(async () => (copy = (await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ""))).find((name) => name.endsWith(`:${documentId}`))))
    .toBeDefined();
  return copy!.split(":")[1]!;
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
    // The reloaded page may render before the title sent as it went away was stored: its field
    // then shows the kept draft once its code runs.
    await expect.poll(() => new EditorPage(page).title().inputValue()).toBe("Typed then reloaded");

    const other = await page.context().newPage();
    const again = await openDocument(other, person.workspaceSlug, doc.id);
    await again.title().fill("Typed then closed");
    await closeTab(other);
    await expect.poll(() => storedTitle(page, doc.id)).toBe("Typed then closed");
  });

  // Under load the page took seconds to hydrate, and a title typed and the tab closed meanwhile was lost.
  it("saves a title typed before the page's scripts have run, when the tab is closed first", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "title-early-close");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Old title", markdown: "Body." });
    // The app's scripts are held back (no service worker to serve them from its cache): nothing of
    // the page's own code runs while the title is typed.
    const context = await browser.newContext({ baseURL: app.url, serviceWorkers: "block" });
    await context.addCookies(await page.context().cookies());
    const early = await context.newPage();
    await early.route("**/_next/static/chunks/*.js", () => undefined);
    await early.goto(`/w/${person.workspaceSlug}/d/${doc.id}`, { waitUntil: "commit" });
    const field = new EditorPage(early).title();
    await field.click();
    await early.keyboard.press("Control+A");
    await early.keyboard.type("Typed before the scripts");
    expect(await early.evaluate(() => Object.keys(document.getElementById("document-title") ?? {}).some((key) => key.startsWith("__react")))).toBe(false);
    await closeTab(early);
    await expect.poll(() => storedTitle(page, doc.id)).toBe("Typed before the scripts");
    await context.close();
  });

  it("keeps a title typed offline on this device until it is saved: a closed tab's, the next visit's", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "title-draft");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Draft base", markdown: "Body." });
    const closing = await page.context().newPage();
    const editor = await openDocument(closing, person.workspaceSlug, doc.id);
    const draftKey = `quire:${await personIdOn(closing, doc.id)}:${doc.id}:title`;
    const draftOf = () => page.evaluate((key) => localStorage.getItem(key), draftKey);
    await page.context().setOffline(true);
    await editor.title().fill("Typed in a closed tab");
    await closing.getByTestId("title-notice").waitFor();
    expect(JSON.parse((await draftOf()) ?? "null")).toEqual({ title: "Typed in a closed tab", base: "Draft base" });
    await closeTab(closing);
    await page.context().setOffline(false);
    // Sent as the tab closed if the browser could, else by the next visit: either way it is stored, and the draft goes.
    await openDocument(page, person.workspaceSlug, doc.id);
    await expect.poll(() => storedTitle(page, doc.id)).toBe("Typed in a closed tab");
    await expect.poll(draftOf).toBeNull();

    // A draft left on this device (the request at closing never got out) is saved on the next visit…
    const leaveDraft = (draft: { title: string; base: string }) => page.evaluate(([key, value]) => localStorage.setItem(key, value), [draftKey, JSON.stringify(draft)] as const);
    await leaveDraft({ title: "From the draft", base: "Typed in a closed tab" });
    const reopened = await openDocument(page, person.workspaceSlug, doc.id);
    await expect.poll(() => storedTitle(page, doc.id)).toBe("From the draft");
    expect(await reopened.title().inputValue()).toBe("From the draft");

    // …unless someone renamed the document meanwhile: theirs stays, and the field says what was not saved.
    await leaveDraft({ title: "Mine, offline", base: "From the draft" });
    const renamed = await page.request.patch(`/api/v1/documents/${doc.id}`, { headers: { origin: app.url }, data: { title: "Theirs" } });
    expect(renamed.status()).toBe(200);
    const conflicted = await openDocument(page, person.workspaceSlug, doc.id);
    await page.getByTestId("title-notice").filter({ hasText: "Your title “Mine, offline” typed on this device was not saved: the document was renamed “Theirs” meanwhile." }).waitFor();
    expect(await conflicted.title().inputValue()).toBe("Theirs");
    expect(await storedTitle(page, doc.id)).toBe("Theirs");
    expect(await draftOf()).toBeNull();
  });

  // QA (fourth sweep, #4): a title typed offline was saved over a rename made meanwhile once the
  // connection was back, with no word to anyone; a reload did check.
  it("doesn't save a title typed offline over a rename made meanwhile: both are shown, and the person chooses", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "title-offline-conflict");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Original title", markdown: "Body." });
    // The same person on another device, which goes offline.
    const context = await newContext(browser, app.url);
    await context.addCookies(await page.context().cookies());
    const away = await context.newPage();
    const editor = await openDocument(away, person.workspaceSlug, doc.id);
    await context.setOffline(true);
    await editor.title().fill("Mine, typed offline");
    await away.getByTestId("title-notice").filter({ hasText: "It is kept on this device and saved when the connection is back." }).waitFor();
    const renamed = await page.request.patch(`/api/v1/documents/${doc.id}`, { headers: { origin: app.url }, data: { title: "Theirs, meanwhile" } });
    expect(renamed.status()).toBe(200);
    await context.setOffline(false);
    await away
      .getByTestId("title-notice")
      .filter({ hasText: "Your title “Mine, typed offline” typed on this device was not saved: the document was renamed “Theirs, meanwhile” meanwhile." })
      .waitFor({ timeout: 15_000 });
    expect(await editor.title().inputValue()).toBe("Theirs, meanwhile");
    expect(await storedTitle(page, doc.id)).toBe("Theirs, meanwhile");
    // Ours is one press away.
    await away.getByRole("button", { name: "Use my title" }).click();
    await expect.poll(() => storedTitle(page, doc.id)).toBe("Mine, typed offline");
    expect(await editor.title().inputValue()).toBe("Mine, typed offline");
    await expect.poll(() => away.getByTestId("title-notice").count()).toBe(0);
    await context.close();
  });

  // QA (fourth sweep, #5): drafts were one per document for the whole browser and outlived
  // sign-out: the next person signing in there saved the previous one's unsent title as theirs.
  it("keeps unsaved titles per person: sign-out sends them first, and the next person on the browser never saves one", async () => {
    const owner = await signedUpPage(browser, app.url, "title-shared-b");
    const { page, person } = owner;
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Shared computer", markdown: "Body." });
    // The next person to use this browser, an editor of the same workspace.
    const next = await invitedMemberPage(browser, app.url, owner, "editor", "title-shared-a");
    await openDocument(page, person.workspaceSlug, doc.id);
    const draftKey = `quire:${await personIdOn(page, doc.id)}:${doc.id}:title`;
    const readStored = cookieHeader(await signInViaApi(app.url, person));
    const stored = async () => ((await (await fetch(`${app.url}/api/v1/documents/${doc.id}`, { headers: { cookie: readStored } })).json()) as { title: string }).title;
    // A title left on the device, as a tab closed offline leaves it (written as the field writes
    // it: Playwright's offline emulation lets a closing page's keepalive request through).
    const leave = (key: string, title: string) => page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, JSON.stringify({ title, base: "Shared computer" })] as const);
    await page.goto(`/w/${person.workspaceSlug}`);
    await leave(draftKey, "B's unsent title");
    await page.locator("aside").getByRole("button", { name: `${person.name} ${person.email} — Account menu` }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL("**/login");
    // Saved first, by its author, and then gone from the device.
    expect(await stored()).toBe("B's unsent title");
    expect(await page.evaluate((key) => localStorage.getItem(key), draftKey)).toBeNull();

    // A title of B's the sign-out never got to (the session ended elsewhere), and one kept before
    // drafts were per person: the next person signing in on this browser saves neither.
    await page.request.patch(`/api/v1/documents/${doc.id}`, { headers: { origin: app.url, cookie: readStored }, data: { title: "Shared computer" } });
    await leave(draftKey, "B's second unsent title");
    await leave(`quire:title-draft:${doc.id}`, "Whose unsent title?");
    await page.context().clearCookies();
    await page.context().addCookies(await next.page.context().cookies());
    const editor = await openDocument(page, person.workspaceSlug, doc.id);
    expect(await editor.title().inputValue()).toBe("Shared computer");
    await editor.title().press("End");
    await page.keyboard.type(" (A)");
    await editor.title().press("Enter");
    await expect.poll(stored).toBe("Shared computer (A)");
    expect(await page.getByTestId("title-notice").count()).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), draftKey)).not.toBeNull(); // B's, for B
    expect(await page.evaluate((id) => localStorage.getItem(`quire:title-draft:${id}`), doc.id)).toBeNull();
    await next.page.context().close();
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
