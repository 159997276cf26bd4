import type { Page, WebSocketRoute } from "playwright-core";
import { describe, expect, it } from "vitest";
import { cookieHeader, signInViaApi } from "../support/accounts";
import { EditorPage } from "../pages/editor-page";
import { connectCollab } from "@test/collab-client";
import { createDocumentViaApi, signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

/**
 * Holds the page's live editor back until `release()`: its sockets to /collab are answered by no
 * one, so the server's HTML keeps taking typing (the 0.3–1 s QA's t14 typed in, as long as a test
 * needs). Released, the held sockets close, the provider reconnects, and every socket gets through.
 */
async function holdLiveEditor(page: Page): Promise<{ release: () => Promise<void> }> {
  let isHeld = true;
  const held: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/collab$/, (socket) => {
    if (isHeld) held.push(socket);
    else socket.connectToServer();
  });
  return {
    async release() {
      isHeld = false;
      await Promise.all(held.splice(0).map((socket) => socket.close()));
    },
  };
}

/**
 * Fills the origin's localStorage (another app's data, say) until about `room` characters are
 * left: what a quota the device copies and other entries share leaves at worst.
 */
async function fillLocalStorage(page: Page, room: number): Promise<void> {
  await page.evaluate((room) => {
    localStorage.setItem("other:reserve", "r".repeat(room));
    let index = 0;
    for (let size = 1 << 20; size >= 16; size >>= 1) {
      const chunk = "f".repeat(size);
      try {
        for (;;) localStorage.setItem(`other:filler-${index++}`, chunk);
      } catch {
        // Full at this size: on to a smaller one.
      }
    }
    localStorage.removeItem("other:reserve");
  }, room);
}

/** The tab goes to the background (what was typed early is kept, in case it is discarded there) and comes back. */
async function hideAndShow(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
  });
}

/** Opens `address` and types `text` at the end of its body before the live editor has taken over (`first` done once it shows). */
async function typeEarly(page: Page, address: string, text: string, first?: () => Promise<void>): Promise<EditorPage> {
  const editor = new EditorPage(page);
  await page.goto(address, { waitUntil: "commit" });
  await editor.placeholder().waitFor();
  await first?.();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text);
  expect(await editor.placeholder().textContent()).toContain(text);
  expect(await page.getByTestId("editor-mount").isHidden()).toBe(true); // still the server's HTML
  return editor;
}

// docs/product.md "States", typing before the editor is live. QA's t14: typed as soon as the text
// showed, then reloaded: the words were gone (3 runs of 3).
describe("typing before the editor is live", () => {
  it("is kept across a reload and added once to the document, on top of what changed meanwhile", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "early-reload");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Early", markdown: "Existing line." });
    const address = `/w/${person.workspaceSlug}/d/${doc.id}`;
    const hold = await holdLiveEditor(page);
    const editor = await typeEarly(page, address, " typed-early");

    // Someone else changes the document before this one opens again.
    const other = connectCollab(app.port, doc.id, { cookie: cookieHeader(await signInViaApi(app.url, person)) });
    try {
      await expect.poll(() => other.events.includes("synced")).toBe(true);
      other.doc.getText("body").insert(0, "Added first. ");
      await expect.poll(() => editor.storedText(doc.id)).toBe("Added first. Existing line.\n");
    } finally {
      other.close();
    }

    await hold.release();
    await page.reload();
    await editor.waitUntilEditable();
    await expect.poll(() => editor.storedText(doc.id)).toBe("Added first. Existing line. typed-early\n");
    expect(await editor.body().textContent()).toBe("Added first. Existing line. typed-early");

    // Once: the next load adds nothing.
    await page.reload();
    await editor.waitUntilEditable();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await editor.storedText(doc.id)).toBe("Added first. Existing line. typed-early\n");
  });

  it("is added once when the page was only hidden before the editor took over, not reloaded", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "early-hidden");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Hidden", markdown: "Existing line." });
    const hold = await holdLiveEditor(page);
    const editor = await typeEarly(page, `/w/${person.workspaceSlug}/d/${doc.id}`, " typed-early");
    await hideAndShow(page);
    // The live editor takes over on this page: its socket gets through on a retry.
    await hold.release();
    await editor.waitUntilEditable();
    await expect.poll(() => editor.storedText(doc.id)).toBe("Existing line. typed-early\n");
    await page.keyboard.type("!");
    await expect.poll(() => editor.storedText(doc.id)).toBe("Existing line. typed-early!\n");

    await page.reload();
    await editor.waitUntilEditable();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await editor.storedText(doc.id)).toBe("Existing line. typed-early!\n");
    expect(await editor.body().textContent()).toBe("Existing line. typed-early!");
  });

  it("is not brought back at a reload when it was deleted again after a hide", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "early-undone");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Undone", markdown: "Existing line." });
    const hold = await holdLiveEditor(page);
    const editor = await typeEarly(page, `/w/${person.workspaceSlug}/d/${doc.id}`, " typed-early");
    await hideAndShow(page); // kept, in case the tab is discarded in the background
    for (let i = 0; i < " typed-early".length; i++) await page.keyboard.press("Backspace");
    expect(await editor.placeholder().textContent()).toBe("Existing line.");

    await page.reload(); // before the live editor took over: the page is left with nothing typed
    await editor.placeholder().waitFor();
    await hold.release();
    await editor.waitUntilEditable();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await editor.storedText(doc.id)).toBe("Existing line.\n");
    expect(await editor.body().textContent()).toBe("Existing line.");
  });

  // A restored session opens several tabs at once: each would replay what the closed page kept.
  it("is added once when two tabs of the document open together after the page that kept it closed", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "early-two-tabs");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Tabs", markdown: "Existing line." });
    const address = `/w/${person.workspaceSlug}/d/${doc.id}`;
    await holdLiveEditor(page);
    await typeEarly(page, address, " typed-early");
    await page.close({ runBeforeUnload: true });

    const tabs = await Promise.all([0, 1].map(() => page.context().newPage()));
    const holds = await Promise.all(tabs.map((tab) => holdLiveEditor(tab)));
    const editors = tabs.map((tab) => new EditorPage(tab));
    await Promise.all(tabs.map((tab) => tab.goto(address, { waitUntil: "commit" })));
    await Promise.all(editors.map((editor) => editor.placeholder().waitFor()));
    await Promise.all(holds.map((hold) => hold.release()));
    await Promise.all(editors.map((editor) => editor.waitUntilEditable()));
    await expect.poll(() => editors[0]!.storedText(doc.id)).toBe("Existing line. typed-early\n");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await editors[0]!.storedText(doc.id)).toBe("Existing line. typed-early\n");
    for (const editor of editors) await expect.poll(() => editor.body().textContent()).toBe("Existing line. typed-early");
  });

  it("is left to its own tab while that tab is open in the background, and added once", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "early-background");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Background", markdown: "Existing line." });
    const address = `/w/${person.workspaceSlug}/d/${doc.id}`;
    const hold = await holdLiveEditor(page);
    const editor = await typeEarly(page, address, " typed-early");
    await hideAndShow(page); // kept: the entry is in storage while the tab waits for its editor

    const other = await page.context().newPage();
    const otherEditor = new EditorPage(other);
    await other.goto(address);
    await otherEditor.waitUntilEditable();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await otherEditor.storedText(doc.id)).toBe("Existing line.\n"); // not this tab's to replay

    await hold.release();
    await editor.waitUntilEditable();
    await expect.poll(() => editor.storedText(doc.id)).toBe("Existing line. typed-early\n");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await editor.storedText(doc.id)).toBe("Existing line. typed-early\n");
    await expect.poll(() => otherEditor.body().textContent()).toBe("Existing line. typed-early");
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith(":early")))).toEqual([]);
  });

  // A 100,000-word body's markup is over a megabyte; the typing kept held all of it, and a write
  // over what the quota left threw, unseen: the words were gone after the reload.
  it("is kept across a reload in a large body when localStorage is nearly full", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "early-full");
    const markdown = Array.from({ length: 1_500 }, (_, i) => `Paragraph ${i} of a long document, with words enough to wrap on a narrow screen.`).join("\n\n");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Long", markdown });
    const hold = await holdLiveEditor(page);
    const editor = await typeEarly(page, `/w/${person.workspaceSlug}/d/${doc.id}`, " typed-early", async () => {
      expect((await new EditorPage(page).placeholder().innerHTML()).length).toBeGreaterThan(120_000);
      await fillLocalStorage(page, 40_000);
    });

    await hold.release();
    await page.reload();
    await editor.waitUntilEditable();
    await expect.poll(async () => (await editor.storedText(doc.id)).endsWith("Paragraph 1499 of a long document, with words enough to wrap on a narrow screen. typed-early\n")).toBe(true);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith(":early")))).toEqual([]);
  });

  it("asks before the page is left when localStorage has no room for it, and staying keeps it", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "early-no-room");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Full", markdown: "Existing line." });
    const hold = await holdLiveEditor(page);
    const editor = await typeEarly(page, `/w/${person.workspaceSlug}/d/${doc.id}`, " typed-early", () => fillLocalStorage(page, 0));

    const asked = new Promise<string>((resolve) => page.once("dialog", (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))));
    // Unasked, the reload goes through (and the typing is gone); asked and refused, it never ends.
    const left = page.reload({ timeout: 3_000 }).then(
      () => "left without asking",
      () => "stayed",
    );
    expect(await Promise.race([asked, left])).toBe("beforeunload");
    expect(await left).toBe("stayed");
    // Stayed: the typing is still in the page, and the live editor takes it when it arrives.
    expect(await editor.placeholder().textContent()).toBe("Existing line. typed-early");
    await hold.release();
    await editor.waitUntilEditable();
    await expect.poll(() => editor.storedText(doc.id)).toBe("Existing line. typed-early\n");
  });
});
