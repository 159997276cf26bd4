import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { FIXTURES, signedUpPage } from "../support/workspace";

let app: RunningApp;
let browser: Browser;
let bigFile: string;
beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
  // 12 MB that starts like a PNG: refused for its size, whatever its type.
  bigFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "quire-upload-")), "huge.png");
  const bytes = Buffer.alloc(12 * 1024 * 1024);
  fs.readFileSync(path.join(FIXTURES, "red.png")).copy(bytes);
  fs.writeFileSync(bigFile, bytes);
});
afterAll(async () => {
  await stopAppAndBrowser(app, browser);
  fs.rmSync(path.dirname(bigFile), { recursive: true, force: true });
});

describe("image uploads", () => {
  it.each([
    ["a 12 MB file", () => bigFile, "Images can be at most 10 MB."],
    ["an SVG", () => path.join(FIXTURES, "drawing.svg"), "Only PNG, GIF, JPEG, BMP and ICO images can be uploaded."],
    ["a text file named .png", () => path.join(FIXTURES, "notes.png"), "Only PNG, GIF, JPEG, BMP and ICO images can be uploaded."],
  ])("refuses %s with a clear message and leaves the document unchanged", async (_label, file, message) => {
    const { page } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().click();
    await page.keyboard.type("Before the upload");
    await editor.waitUntilSaved();
    // The picker filters by type, so go through the uploader the way a drop or paste does.
    await page.locator(".ql-toolbar .ql-image").click();
    await page.locator("input.ql-image[type=file]").setInputFiles(file());
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Couldn't upload" }).textContent()).toContain(message);
    expect(await editor.body().locator("img").count()).toBe(0);
    expect(await editor.body().textContent()).toBe("Before the upload");
  });

  it("puts the image where it was picked and the caret after it, so typing goes on after the image", async () => {
    // QA: the caret stayed in front of the image, and "AFTER" was stored before it.
    const { page } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().click();
    await page.keyboard.type("First line before ");
    await page.locator(".ql-toolbar .ql-image").click();
    await page.locator("input.ql-image[type=file]").setInputFiles(path.join(FIXTURES, "red.png"));
    await editor.body().locator("img").waitFor();
    await page.keyboard.type("AFTER");
    await editor.waitUntilSaved();
    await expect.poll(() => editor.storedText()).toBe("First line before \uFFFCAFTER\n");
  });

  it("answers an oversized upload with 413 and an SVG with 415, in the JSON error shape", async () => {
    const { page } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    const post = (name: string, mimeType: string, buffer: Buffer) =>
      page.request.post("/api/v1/files", { multipart: { documentId: editor.documentId(), file: { name, mimeType, buffer } } });
    const tooLarge = await post("huge.png", "image/png", fs.readFileSync(bigFile));
    expect(tooLarge.status()).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: { code: "too_large" } });
    const svg = await post("drawing.svg", "image/svg+xml", fs.readFileSync(path.join(FIXTURES, "drawing.svg")));
    expect(svg.status()).toBe(415);
    expect(await svg.json()).toMatchObject({ error: { code: "unsupported_media_type" } });
  });
});
