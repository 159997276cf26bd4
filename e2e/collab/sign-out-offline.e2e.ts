import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { SIGN_OUT_TEXT } from "@/components/app-shell/sign-out-message";
import type { Person } from "../support/accounts";
import { cookieHeader, signInViaApi } from "../support/accounts";
import { createDocumentViaApi, signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

const OFFLINE = "Offline — your changes are kept on this device";

/** The names of the device copies in this page's IndexedDB. */
async function deviceCopies(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? "").filter((n) => n.startsWith("quire:")));
}

async function chooseSignOut(page: Page, person: Person) {
  await page.locator("aside").getByRole("button", { name: `${person.name} ${person.email} — Account menu` }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
}

/** A session of the person's own, to read what the server stored once the page's has ended. */
async function readerOf(person: Person): Promise<(documentId: string) => Promise<string>> {
  const cookie = cookieHeader(await signInViaApi(app.url, person));
  return (documentId) => storedText(cookie, documentId);
}

/** The stored body of a document, as plain text. */
async function storedText(cookie: string, documentId: string): Promise<string> {
  const response = await fetch(`${app.url}/api/v1/documents/${documentId}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET document: ${response.status}`);
  const { delta } = (await response.json()) as { delta: { ops: Array<{ insert: unknown }> } };
  return delta.ops.map((op) => (typeof op.insert === "string" ? op.insert : "")).join("");
}

/**
 * A person on a document of their own, typed into online, then offline with `words` typed at its
 * end; `reloadsOffline` waits until the service worker can serve the page without a network.
 */
async function typedOffline(label: string, words: string, options: { reloadsOffline?: boolean } = {}) {
  const { page, person } = await signedUpPage(browser, app.url, label);
  const created = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Trip notes", markdown: "Online." });
  // The worker active before the document opens, so the page's request to keep it reaches one.
  if (options.reloadsOffline) await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.goto(`/w/${person.workspaceSlug}/d/${created.id}`);
  const editor = new EditorPage(page);
  await editor.waitUntilEditable();
  await expect.poll(() => editor.status().textContent()).toBe("Saved");
  if (options.reloadsOffline) {
    await expect
      .poll(() => page.evaluate(async () => Boolean(navigator.serviceWorker.controller && (await caches.match(location.href)))))
      .toBe(true);
  }
  await page.context().setOffline(true);
  await expect.poll(() => editor.status().textContent()).toBe(OFFLINE);
  await editor.body().click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(words);
  return { page, person, editor, documentId: created.id };
}

// Closing note "Seen, and left": "Sign out" while offline did nothing visible, and it had already
// deleted this device's copies of documents, with the words typed offline in them.
describe("signing out", () => {
  it("offline, says it needs a connection and deletes nothing: the words typed offline are saved once back", async () => {
    const { page, person, editor, documentId } = await typedOffline("signout-offline", " Typed offline.", { reloadsOffline: true });
    const stored = await readerOf(person);
    const copies = await deviceCopies(page);
    expect(copies).toHaveLength(1);

    await chooseSignOut(page, person);
    const message = page.getByTestId("sign-out-message");
    await message.waitFor();
    expect(await message.getAttribute("role")).toBe("alert");
    expect(await message.textContent()).toBe(SIGN_OUT_TEXT.offline);
    expect(page.url()).toContain(documentId);
    expect(await deviceCopies(page)).toEqual(copies);

    // Still offline, a reload opens the page from the worker and the text from this device.
    await page.reload();
    await editor.waitUntilEditable();
    await expect.poll(() => editor.body().textContent()).toBe("Online. Typed offline.");

    await page.context().setOffline(false);
    await editor.waitUntilSaved();
    await expect.poll(() => stored(documentId)).toBe("Online. Typed offline.\n");
  });

  it("online, first saves what an earlier page kept on this device, then signs out", async () => {
    const { page, person, documentId } = await typedOffline("signout-unsent", " Kept on the device.");
    const stored = await readerOf(person);
    // The tab goes away still offline: the words are only in this device's copy.
    await Promise.all([page.waitForEvent("close"), page.close({ runBeforeUnload: true })]);
    const context = page.context();
    await context.setOffline(false);
    const home = await context.newPage();
    await home.goto(`/w/${person.workspaceSlug}`);
    expect(await stored(documentId)).toBe("Online.\n");

    await chooseSignOut(home, person);
    await home.waitForURL("**/login");
    await expect.poll(() => stored(documentId)).toBe("Online. Kept on the device.\n");
    // Saved, so the copy goes as the session does.
    await expect.poll(() => deviceCopies(home)).toEqual([]);
  });

  it("online, stops when the server won't take them, names the document, and deletes them only when asked", async () => {
    const { page, person, documentId } = await typedOffline("signout-refused", " Never saved.");
    await Promise.all([page.waitForEvent("close"), page.close({ runBeforeUnload: true })]);
    const context = page.context();
    await context.setOffline(false);
    const home = await context.newPage();
    await home.goto(`/w/${person.workspaceSlug}`);
    // Trashed meanwhile: the server refuses changes to it.
    const trashed = await home.request.delete(`/api/v1/documents/${documentId}`, { headers: { origin: app.url } });
    expect(trashed.ok()).toBe(true);
    await home.reload(); // the tree without it

    await chooseSignOut(home, person);
    const message = home.getByTestId("sign-out-message").filter({ hasText: SIGN_OUT_TEXT.unsaved });
    await message.waitFor();
    expect(await message.getAttribute("role")).toBe("alert");
    // No longer in the tree (trashed): named by the address where it was typed.
    expect(await message.getByRole("link", { name: "Another document" }).getAttribute("href")).toContain(documentId);
    expect(new URL(home.url()).pathname).toBe(`/w/${person.workspaceSlug}`);
    expect(await deviceCopies(home)).toHaveLength(1);

    await message.getByRole("button", { name: "Sign out and delete them" }).click();
    await home.waitForURL("**/login");
    await expect.poll(() => deviceCopies(home)).toEqual([]);
  });
});
