import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_TOO_LARGE_MESSAGE } from "@/editor/pasted-images";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { FIXTURES, signedUpPage } from "../support/workspace";

// QA fourth sweep #1: HTML pasted from a web page or an email holding a 13 MB data: image kept it
// as a data: embed, a change past the socket's 16 MiB frame: the server closed the socket, the
// provider sent it again at every reconnect, and nothing typed after it was saved. A pasted data:
// image now goes the way of a pasted file (uploaded, the 10 MB limit said), and a change no frame
// can carry is refused in the editor with a notice while typing goes on.

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
});
afterAll(async () => stopAppAndBrowser(app, browser));

async function newDocument(): Promise<{ page: Page; editor: EditorPage }> {
  const { page } = await signedUpPage(browser, app.url);
  await new Sidebar(page).newTopLevelDocument();
  const editor = new EditorPage(page);
  await editor.waitUntilEditable();
  await editor.body().click();
  await page.keyboard.type("Before.");
  await editor.waitUntilSaved();
  return { page, editor };
}

/** Pastes `html` (or `text` alone) at the caret, as the browser's clipboard event carries it. */
async function paste(page: Page, clipboard: { html?: string; text: string }): Promise<void> {
  await page.evaluate(({ html, text }) => {
    const data = new DataTransfer();
    if (html) data.setData("text/html", html);
    data.setData("text/plain", text);
    document.querySelector(".ql-editor")?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, clipboard);
}

describe("pasted data: images and changes too large to send", () => {
  it("uploads a pasted data: image past 10 MB no further than a picked file, saying so, and saves the typing after it", async () => {
    const { page, editor } = await newDocument();
    // 13 MB behind a PNG signature: refused for its size, as a picked file of that size is.
    const png = Buffer.concat([fs.readFileSync(path.join(FIXTURES, "red.png")), Buffer.alloc(13 * 1024 * 1024)]);
    await paste(page, { html: `<p>Pasted: <img src="data:image/png;base64,${png.toString("base64")}"></p>`, text: "Pasted:" });
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Couldn't upload" }).textContent()).toContain("Images can be at most 10 MB.");
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" words typed after the paste");
    await editor.waitUntilSaved();
    await expect.poll(() => editor.storedText()).toContain("words typed after the paste");
    expect(await editor.storedText()).not.toContain("\uFFFC");
  });

  it("uploads a pasted data: image and puts the uploaded file where it was pasted", async () => {
    const { page, editor } = await newDocument();
    const png = fs.readFileSync(path.join(FIXTURES, "red.png")).toString("base64");
    await paste(page, { html: `<p>A<img src="data:image/png;base64,${png}">B</p>`, text: "AB" });
    await editor.body().locator("img").waitFor();
    await editor.waitUntilSaved();
    await expect.poll(() => editor.storedText()).toContain("A\uFFFCB");
    const { delta } = await editor.storedDocument();
    const image = delta.ops.find((op) => typeof op.insert === "object")?.insert as { image?: string };
    expect(image.image).toMatch(/^\/api\/v1\/files\//);
  });

  it("refuses in the editor a paste no socket frame can carry, and typing after it is saved", async () => {
    const { page, editor } = await newDocument();
    // 5,600,000 CJK characters: 16.8 MB as UTF-8, past the 16 MiB frame in one update.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData("text/plain", "漢".repeat(5_600_000));
      document.querySelector(".ql-editor")?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => page.getByRole("status").filter({ hasText: "too large to save" }).textContent()).toBe(CHANGE_TOO_LARGE_MESSAGE);
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" typed after");
    await editor.waitUntilSaved();
    await expect.poll(() => editor.storedText()).toBe("Before. typed after\n");
  });
});
