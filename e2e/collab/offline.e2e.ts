import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import { cookieHeader, signInViaApi } from "../support/accounts";
import { connectCollab } from "@test/collab-client";
import { createDocumentViaApi, signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

describe("offline editing", () => {
  it("keeps edits made offline across a reload while still offline, and merges them on reconnect", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "offline");
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().click();
    await page.keyboard.type("Online start.");
    await editor.waitUntilSaved();
    // Typing online is not announced ("Saving… Saved" after every key would drown a screen reader).
    const announcement = page.getByTestId("save-announcement");
    expect(await announcement.textContent()).toBe("");
    // The service worker has this page and its scripts, so it can open without a network.
    await expect
      .poll(() => page.evaluate(async () => Boolean(navigator.serviceWorker.controller && (await caches.match(location.href)))))
      .toBe(true);

    // Someone else keeps editing on the server meanwhile.
    const other = connectCollab(app.port, editor.documentId(), { cookie: cookieHeader(await signInViaApi(app.url, person)) });
    try {
      await expect.poll(() => other.events.includes("synced")).toBe(true);

      await page.context().setOffline(true);
      await expect.poll(() => editor.status().textContent()).toBe("Offline — your changes are kept on this device");
      // Said once: the header's status is on screen, so the chip that repeats it out of view is not.
      expect(await editor.status().isVisible()).toBe(true);
      expect(await page.getByTestId("offline-banner").count()).toBe(0);
      expect(await announcement.textContent()).toBe("Offline — your changes are kept on this device");
      await page.keyboard.press("End");
      await page.keyboard.type(" Typed offline.");
      other.doc.getText("body").insert(0, "From the server. ");

      // A reload without a network: the page comes from the service worker, the text from this device.
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await editor.waitUntilEditable();
      expect(await editor.body().textContent()).toBe("Online start. Typed offline.");
      await expect.poll(() => editor.status().textContent()).toBe("Offline — your changes are kept on this device");
      await editor.body().click();
      await page.keyboard.press("Control+End");
      await page.keyboard.type(" After the reload.");

      await page.context().setOffline(false);
      await editor.waitUntilSaved();
      await expect.poll(() => announcement.textContent()).toBe("Saved"); // back online, and the edits are stored
      const merged = "From the server. Online start. Typed offline. After the reload.";
      await expect.poll(() => editor.body().textContent()).toBe(merged);
      await expect.poll(() => other.doc.getText("body").toString().trim()).toBe(merged);
    } finally {
      other.close();
    }

    // And the server stored it: a fresh page shows the merged text.
    await page.reload();
    await editor.waitUntilEditable();
    await expect.poll(() => editor.body().textContent()).toBe("From the server. Online start. Typed offline. After the reload.");
  });

  it("says so where it stays in view while scrolled down a long document, and moves no text when the connection drops", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "offline-scrolled");
    const paragraphs = Array.from({ length: 80 }, (_, index) => `Paragraph ${index + 1} of a long document.`).join("\n\n");
    const created = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Long", markdown: paragraphs });
    await page.goto(`/w/${person.workspaceSlug}/d/${created.id}`);
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await expect.poll(() => editor.status().textContent()).toBe("Saved");
    const chip = page.getByTestId("offline-banner");
    const bodyTop = async () => (await editor.body().boundingBox())?.y;
    const before = await bodyTop();

    await page.context().setOffline(true);
    await expect.poll(() => editor.status().textContent()).toBe("Offline — your changes are kept on this device");
    expect(await bodyTop()).toBe(before);
    expect(await chip.count()).toBe(0);

    await page.getByText("Paragraph 80 of a long document.").scrollIntoViewIfNeeded();
    expect(await editor.status().isVisible()).toBe(true); // in the DOM, scrolled away
    expect(await editor.status().evaluate((status) => status.getBoundingClientRect().bottom < 0)).toBe(true);
    await chip.waitFor();
    // What shows at this width (a narrow window shows a shorter label: e2e/app/narrow-screens.e2e.ts).
    expect(await chip.innerText()).toBe("Offline — your changes are kept on this device");
    const box = await chip.locator("p").boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y > 0 && box.y + box.height <= viewport.height).toBe(true);

    // Typing on at the end: the line being written stays above the chip, and the last line of the
    // document can be scrolled clear of it (the chip covered them both).
    await editor.body().click();
    await page.keyboard.press("Control+End");
    for (let line = 1; line <= 6; line += 1) {
      await page.keyboard.press("Enter");
      await page.keyboard.type(`Offline line ${line}.`);
    }
    const chipTop = async () => (await chip.locator("p").boundingBox())?.y ?? 0;
    const caretBottom = () => page.evaluate(() => document.getSelection()?.getRangeAt(0).getBoundingClientRect().bottom ?? Infinity);
    await expect.poll(async () => (await caretBottom()) <= (await chipTop())).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLine = page.getByText("Offline line 6.");
    await expect.poll(async () => ((await lastLine.boundingBox())?.y ?? Infinity) + ((await lastLine.boundingBox())?.height ?? 0) <= (await chipTop())).toBe(true);

    await page.context().setOffline(false);
    await expect.poll(() => editor.status().textContent()).toBe("Saved");
    await expect.poll(() => chip.count()).toBe(0);
  });
  // A connection that drops and comes back at once: "online" came before the dropped socket had
  // closed, the provider's connect() did nothing while it still counted as connected, and the
  // editor stayed offline for good (its words kept on the device, never sent).
  it("reconnects after a drop so short that the network is back before the old socket has closed", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "offline-blip");
    const created = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Blip", markdown: "Before." });
    await page.goto(`/w/${person.workspaceSlug}/d/${created.id}`);
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await expect.poll(() => editor.status().textContent()).toBe("Saved");

    await page.evaluate(() => {
      window.dispatchEvent(new Event("offline"));
      window.dispatchEvent(new Event("online"));
    });
    await editor.body().click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" After.");
    await expect.poll(() => editor.storedText(created.id)).toBe("Before. After.\n");
    await expect.poll(() => editor.status().textContent()).toBe("Saved");
  });
});
