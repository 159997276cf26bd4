import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleDocx } from "@test/import-fixtures";
import { EditorPage } from "../pages/editor-page";
import { ImportDialogPage } from "../pages/import-dialog";
import { Sidebar } from "../pages/sidebar";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

let app: RunningApp;
let browser: Browser;
let dir: string;
beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-import-e2e-"));
  fs.writeFileSync(path.join(dir, "alpha.md"), "Intro line with **bold**.\n\n## Shopping\n\n- apples\n- pears\n  - conference\n");
  fs.writeFileSync(path.join(dir, "beta.md"), "# Beta plan\n\n1. first\n2. second\n");
  // Incompressible padding makes the zip big enough (~400 KB) for its upload to be seen in progress.
  const padding = new Uint8Array(400 * 1024).map(() => Math.floor(Math.random() * 256));
  fs.writeFileSync(
    path.join(dir, "handbook.zip"),
    zipSync({ "Handbook/index.md": strToU8("# Handbook\n\nStart here."), "Handbook/Setup.md": strToU8("# Setup guide\n\nRun it."), "Handbook/padding.bin": padding }),
  );
  fs.writeFileSync(path.join(dir, "child.md"), "# Imported child\n\nHello.\n");
  fs.writeFileSync(path.join(dir, "report.docx"), await sampleDocx());
});
afterAll(async () => {
  await stopAppAndBrowser(app, browser);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("importing documents", () => {
  it("imports two Markdown files and a zip through the dialog, with progress and a summary, into the tree", async () => {
    const { page } = await signedUpPage(browser, app.url);
    const dialog = new ImportDialogPage(page);
    const sidebar = new Sidebar(page);
    // Slow uploads down so each one is seen in flight.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 200 * 1024 });

    await dialog.openFromSidebar();
    await dialog.recordProgress();
    await dialog.importFiles(["alpha.md", "beta.md", "handbook.zip"].map((name) => path.join(dir, name)), "Import 3 files");
    expect(await dialog.headline(), app.output().slice(-2000)).toBe("Imported 4 documents.");
    const progress = await dialog.recordedProgress();
    expect(progress.values.some((value) => value > 0 && value < 100)).toBe(true);
    expect(progress.labels).toContain("Importing handbook.zip… (3 of 3)");
    expect(await dialog.importedLinks().allTextContents()).toEqual(["alpha", "Beta plan", "Handbook", "Setup guide"]);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    await dialog.importedLinks().filter({ hasText: "alpha" }).click();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await expect.poll(() => editor.body().locator("h2").textContent()).toBe("Shopping");
    expect(await editor.body().locator("li").allTextContents()).toEqual(["apples", "pears", "conference"]);
    const stored = await editor.storedDocument();
    expect(stored.title).toBe("alpha");
    expect(stored.delta.ops).toEqual([
      { insert: "Intro line with " }, { insert: "bold", attributes: { bold: true } }, { insert: ".\nShopping" },
      { insert: "\n", attributes: { header: 2 } },
      { insert: "apples" }, { insert: "\n", attributes: { list: "bullet" } },
      { insert: "pears" }, { insert: "\n", attributes: { list: "bullet" } },
      { insert: "conference" }, { insert: "\n", attributes: { list: "bullet", indent: 1 } },
    ]);

    // The tree refreshed, the zip's folder holding its file.
    await expect.poll(() => expandedOutline(sidebar, "Handbook")).toEqual(["alpha", "Beta plan", "Handbook", "  Setup guide"]);
  });

  it("imports into the open document from its menu", async () => {
    const { page } = await signedUpPage(browser, app.url);
    const sidebar = new Sidebar(page);
    await sidebar.newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.setTitle("Parent");
    await expect.poll(() => sidebar.item("Parent").isVisible()).toBe(true);

    const dialog = new ImportDialogPage(page);
    await dialog.openFromDocumentMenu();
    expect(await dialog.dialog().getByRole("radio", { name: /Inside/ }).isChecked()).toBe(true);
    await dialog.importFiles([path.join(dir, "child.md"), path.join(dir, "report.docx")], "Import 2 files");
    expect(await dialog.headline(), app.output().slice(-2000)).toBe("Imported 2 documents.");
    await dialog.dialog().getByRole("button", { name: "Done" }).click();
    await expect.poll(() => expandedOutline(sidebar, "Parent")).toEqual(["Parent", "  Imported child", "  Quarterly report"]);
  });
});

// The toggle appears once the refreshed tree has the children, so expand on every poll.
async function expandedOutline(sidebar: Sidebar, title: string): Promise<string[]> {
  await sidebar.expand(title);
  return sidebar.outline();
}
