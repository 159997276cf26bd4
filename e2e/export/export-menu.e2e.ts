import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { unzipSync } from "fflate";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseFromDocumentMenu } from "../pages/document-menu";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";
import { signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";
import { isAlive } from "../support/process-alive";

const { app, browser } = withAppAndBrowser();

/** A signed-up writer's document "Handbook" with some text and one child, "Chapter", open in the editor. */
async function handbookWithChapter(baseUrl: string): Promise<{ page: Page; editor: EditorPage }> {
  const { page } = await signedUpPage(browser, baseUrl);
  const sidebar = new Sidebar(page);
  await sidebar.newTopLevelDocument();
  const editor = new EditorPage(page);
  await editor.waitUntilEditable();
  await editor.setTitle("Handbook");
  await editor.body().click();
  await page.keyboard.type("Welcome aboard");
  await untilStored(editor, "Welcome aboard");
  const handbookUrl = page.url();
  await sidebar.newChildOf("Handbook");
  await editor.waitUntilEditable();
  await editor.setTitle("Chapter");
  await editor.body().click();
  await page.keyboard.type("First chapter");
  await untilStored(editor, "First chapter");
  await page.goto(handbookUrl);
  await editor.waitUntilEditable();
  return { page, editor };
}

/** Waits until the server has stored `text` in the open document (stores are debounced; exports read the stored body). */
async function untilStored(editor: EditorPage, text: string) {
  await editor.waitUntilSaved();
  await expect.poll(async () => JSON.stringify((await editor.storedDocument()).delta)).toContain(text);
}

/**
 * Opens the document's "…" menu and picks `item`, answering the download it starts. A PDF can
 * take the server a cold Chromium start plus its 30 s print limit on a loaded machine, so this
 * waits for either the file or the menu's error, and fails with the error's words.
 */
async function downloadFromMenu(page: Page, item: string | RegExp) {
  const failure = page.getByTestId("export-error");
  const [download] = await Promise.all([
    Promise.race([
      page.waitForEvent("download", { timeout: 75_000 }),
      failure.waitFor({ timeout: 75_000 }).then(async () => {
        throw new Error(`the export failed: ${await failure.textContent()}`);
      }),
    ]),
    chooseFromDocumentMenu(page, item),
  ]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: new Uint8Array(fs.readFileSync(file)) };
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("export from the editor menu", () => {
  it("downloads Markdown, HTML, Word and PDF files of the right type", async () => {
    const { page } = await handbookWithChapter(app.url);

    // Saved under the document's title (Content-Disposition's filename*), not its slug.
    const md = await downloadFromMenu(page, "Export as Markdown");
    expect(md.name).toBe("Handbook.md");
    expect(text(md.bytes)).toBe("# Handbook\n\nWelcome aboard\n");

    const html = await downloadFromMenu(page, "Export as HTML");
    expect(html.name).toBe("Handbook.html");
    expect(text(html.bytes)).toMatch(/^<!doctype html>[\s\S]*<p>Welcome aboard<\/p>/);

    const docx = await downloadFromMenu(page, "Export as Word (.docx)");
    expect(docx.name).toBe("Handbook.docx");
    expect(text(docx.bytes.slice(0, 2))).toBe("PK"); // a zip container, as every .docx is
    expect(Object.keys(unzipSync(docx.bytes))).toContain("word/document.xml");

    const pdf = await downloadFromMenu(page, "Export as PDF");
    expect(pdf.name).toBe("Handbook.pdf");
    expect(text(pdf.bytes.slice(0, 5))).toBe("%PDF-");
    expect(pdf.bytes.byteLength).toBeGreaterThan(1000);
  });

  it("downloads the document with its children as a zip, by keyboard", async () => {
    const { page } = await handbookWithChapter(app.url);
    const zipItem = page.getByRole("menuitem", { name: "Markdown with child documents (zip)" });
    // On a busy machine a late render can take the focus back before Enter reaches the button:
    // press it again only while the menu is still closed (Enter on an open menu would choose).
    await expect
      .poll(async () => {
        await page.getByRole("button", { name: "Document actions" }).focus();
        await page.keyboard.press("Enter");
        return zipItem.waitFor({ timeout: 5_000 }).then(() => true, () => false);
      }, { timeout: 30_000 })
      .toBe(true);
    expect(await page.getByRole("group", { name: "With child documents (zip)" }).getByRole("menuitem").allTextContents()).toEqual([
      "Markdown",
      "HTML",
      "Word (.docx)",
      "PDF",
    ]);
    // Down the menu by arrow keys to the zip item, then Enter: all by keyboard.
    for (let step = 0; step < 8 && !(await zipItem.evaluate((item) => item === document.activeElement)); step += 1) {
      await page.keyboard.press("ArrowDown");
    }
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 30_000 }), page.keyboard.press("Enter")]);
    // Saved under the title (Content-Disposition's filename*); the names inside stay ASCII.
    expect(download.suggestedFilename()).toBe("Handbook.zip");
    const entries = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    expect(Object.keys(entries).sort()).toEqual(["handbook.md", "handbook/chapter.md"]);
    expect(text(entries["handbook/chapter.md"] ?? new Uint8Array())).toBe("# Chapter\n\nFirst chapter\n");
  });
});

describe("the server's Chromium", () => {
  // A server of its own, which the test stops (the file's other tests share their worker's).
  let own: RunningApp | undefined;
  afterAll(() => stopApp(own));

  it("is closed when the server stops on Ctrl-C, which still saves and exits 0", async () => {
    own = await startApp();
    const { page } = await signedUpPage(browser, own.url);
    await new Sidebar(page).newTopLevelDocument();
    // The server starts its Chromium for this first print: a minute on a slow shared machine.
    const response = await page.request.get(`/api/v1/documents/${new EditorPage(page).documentId()}/export?format=pdf`, { timeout: 120_000 });
    expect(response.status()).toBe(200);
    const chromium = descendants(own.process.pid ?? 0);
    expect(chromium.length).toBeGreaterThan(0);
    expect(await own.stop("SIGINT")).toBe(0);
    expect(own.output()).toContain("[server] stopped");
    await expect.poll(() => chromium.filter(isAlive)).toEqual([]);
  });
});

/** Every process under `pid` (Chromium's browser, zygote, renderers…). */
function descendants(pid: number): number[] {
  // ps exits 1 when there are none; its output is then empty, which is the answer.
  const children = spawnSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" }).stdout.split("\n").map(Number).filter(Boolean);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

describe("export as PDF without Chromium on the server", () => {
  let bare: RunningApp;
  beforeAll(async () => {
    bare = await startApp({ env: { CHROMIUM_PATH: "/nonexistent/chromium" } });
  });
  afterAll(() => stopApp(bare));

  it("opens the browser's print view, and the API answers 503 naming CHROMIUM_PATH", async () => {
    const { page } = await handbookWithChapter(bare.url);
    // Record the print call instead of opening a dialog the test can't close.
    await page.context().addInitScript(() => {
      window.print = () => document.documentElement.setAttribute("data-printed", "yes");
    });
    const [printView] = await Promise.all([page.context().waitForEvent("page"), chooseFromDocumentMenu(page, "Export as PDF (print view)")]);
    await printView.waitForLoadState("load");
    expect(new URL(printView.url()).pathname).toMatch(/\/d\/handbook-[a-z0-9]+\/print$/);
    await expect.poll(() => printView.locator("html").getAttribute("data-printed")).toBe("yes");
    expect(await printView.locator(".ql-editor").textContent()).toBe("Welcome aboard");
    // The print stylesheet is on the page (the toolbar hides on paper).
    await printView.emulateMedia({ media: "print" });
    expect(await printView.getByRole("button", { name: "Print or save as PDF" }).isVisible()).toBe(false);

    const documentId = new EditorPage(page).documentId();
    const response = await page.request.get(`/api/v1/documents/${documentId}/export?format=pdf`);
    expect(response.status()).toBe(503);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("unavailable");
    expect(body.error.message).toContain("CHROMIUM_PATH");
  });
});
