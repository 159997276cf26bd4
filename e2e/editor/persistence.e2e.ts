import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import Delta from "quill-delta";
import type { Op } from "quill-delta";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import { cookieHeader, signInViaApi } from "../support/accounts";
import { connectCollab } from "@test/collab-client";
import type { RunningApp } from "../support/start-app";
import { startApp } from "../support/start-app";
import { stopAppAndBrowser } from "../support/app-and-browser";
import { launchBrowser } from "../support/browser";
import { signedUpPage } from "../support/workspace";

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  // Its own server, not the worker's shared one: a test here stops and restarts it.
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(() => stopAppAndBrowser(app, browser));

const EXPECTED_MD = path.resolve(import.meta.dirname, "../../test/fixtures/export/e2e-sample.md");

describe("stored documents", () => {
  it("keeps what was typed right before SIGTERM, shows it without JavaScript, and exports it as Markdown", async () => {
    const { page, person } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.setTitle("Release notes");
    await editor.body().click();
    await page.keyboard.type("Shipped on time");
    await editor.waitUntilSaved(); // the server has it; its store is still debounced
    const url = page.url();
    await page.context().close();

    expect(await app.stop("SIGTERM")).toBe(0);
    app = await startApp({ dataDir: app.dataDir });

    // Without JavaScript: the server-rendered title and body.
    const noJs = await (await browser.newContext({ baseURL: app.url, javaScriptEnabled: false })).newPage();
    const signIn = await noJs.request.post("/api/auth/sign-in/email", {
      headers: { origin: app.url },
      data: { email: person.email, password: person.password },
    });
    expect(signIn.status()).toBe(200);
    await noJs.goto(new URL(url).pathname);
    expect(await noJs.getByLabel("Title", { exact: true }).inputValue()).toBe("Release notes");
    expect(await noJs.locator(".document-editor .ql-editor").textContent()).toBe("Shipped on time");
    // Once in the page: the editor's placeholder, not again in the RSC payload (shared/body-handoff.ts).
    const html = await (await noJs.request.get(new URL(url).pathname, { headers: { accept: "text/html" } })).text();
    expect(html.split("Shipped on time").length - 1).toBe(1);
    // The app's own renders (no text/html) carry it as data instead.
    const payload = await (await noJs.request.get(new URL(url).pathname, { headers: { accept: "*/*", rsc: "1" } })).text();
    expect(payload).toContain("Shipped on time");
  });

  it("stores keys typed into text that is not ASCII exactly as typed, formats included (editor/typing-fast-path.ts)", async () => {
    const { page } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().click();
    // Keys after the first non-ASCII character land in a text node that is not ASCII: the path
    // Quill leaves to its whole-document diff and Quire's fast path takes.
    await page.keyboard.insertText("Café ’quoted’");
    await page.keyboard.type(" and more");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("E bold");
    await page.keyboard.insertText(" ünïcode 🙂");
    await page.keyboard.type("!");
    await page.keyboard.press("Control+b");
    await page.keyboard.type(" end");
    await page.keyboard.press("Home");
    await page.keyboard.type("So ");
    await editor.waitUntilSaved();
    const expected = [
      { insert: "So Café ’quoted’ and mor" },
      { insert: "E bold ünïcode 🙂!", attributes: { bold: true } },
      { insert: " end\n" },
    ];
    // The stored ops as one delta (Yjs keeps the first line break as an op of its own).
    const stored = async () => (await editor.storedDocument()).delta.ops.reduce((delta, op) => delta.push(op as Op), new Delta()).ops;
    await expect.poll(stored).toEqual(expected);
    await page.reload();
    await editor.waitUntilEditable();
    expect(await editor.body().textContent()).toBe("So Café ’quoted’ and morE bold ünïcode 🙂! end");
  });

  it("exports headings, lists, a code block, a link and an image as the expected Markdown", async () => {
    const { page, person } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.setTitle("Export sample");
    const client = connectCollab(app.port, editor.documentId(), { cookie: cookieHeader(await signInViaApi(app.url, person)) });
    try {
      await expect.poll(() => client.events.includes("synced")).toBe(true);
      client.doc.getText("body").applyDelta([
        { insert: "Overview" },
        { insert: "\n", attributes: { header: 1 } },
        { insert: "Plain paragraph with a " },
        { insert: "link", attributes: { link: "https://example.com/docs" } },
        { insert: ".\nFirst point" },
        { insert: "\n", attributes: { list: "bullet" } },
        { insert: "Second point" },
        { insert: "\n", attributes: { list: "bullet" } },
        { insert: "Step one" },
        { insert: "\n", attributes: { list: "ordered" } },
        { insert: "Details" },
        { insert: "\n", attributes: { header: 2 } },
        { insert: "const answer = 42;" },
        { insert: "\n", attributes: { "code-block": "javascript" } },
        { insert: { image: "https://example.com/diagram.png" } },
        { insert: "\n" },
      ]);
      await editor.waitUntilSaved();
      await expect.poll(async () => JSON.stringify((await editor.storedDocument()).delta), { timeout: 30_000 }).toContain("diagram.png");
    } finally {
      client.close();
    }
    const markdown = await page.request.get(`/api/v1/documents/${editor.documentId()}/export?format=md`);
    expect(markdown.status()).toBe(200);
    expect(markdown.headers()["content-disposition"]).toContain('filename="export-sample.md"');
    expect(await markdown.text()).toBe(fs.readFileSync(EXPECTED_MD, "utf8"));
  });
});
