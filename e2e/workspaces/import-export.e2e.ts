import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CommentsPanelPage } from "../pages/comments-panel";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import { FIXTURES, signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

async function createDocument(page: Page, title: string, body: string, parent?: string) {
  const sidebar = new Sidebar(page);
  if (parent) await sidebar.newChildOf(parent);
  else await sidebar.newTopLevelDocument();
  const editor = new EditorPage(page);
  await editor.waitUntilEditable();
  await editor.setTitle(title);
  await editor.body().click();
  await page.keyboard.type(body);
  await expect.poll(() => editor.body().textContent()).toBe(body);
  await editor.waitUntilSaved();
  // The archive holds what the server has stored (at most ~2 s behind live typing; longer on a busy machine).
  await expect.poll(async () => JSON.stringify((await editor.storedDocument()).delta), { timeout: 30_000 }).toContain(body);
  await expect.poll(() => sidebar.item(title).isVisible()).toBe(true);
}

async function expandedOutline(page: Page, parents: string[]) {
  const sidebar = new Sidebar(page);
  for (const title of parents) await sidebar.expand(title);
  return sidebar.outline();
}

describe("Settings → Import and export", () => {
  it("exports the workspace as a download and imports it as a new workspace with the same tree, text and comments", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "archivist");
    await createDocument(page, "Alpha", "First words");
    await createDocument(page, "Alpha child", "Nested words", "Alpha");
    await createDocument(page, "Beta", "Second words");
    const original = await expandedOutline(page, ["Alpha"]);
    expect(original).toEqual(["Alpha", "  Alpha child", "Beta"]);
    // A comment on words of the last document: the archive carries it, on the same words.
    const comments = new CommentsPanelPage(page);
    await comments.open();
    await comments.selectToComment("Second");
    await page.keyboard.press("Control+Alt+KeyM");
    await page.getByTestId("new-comment").waitFor();
    await page.keyboard.type("Why second?");
    await page.keyboard.press("Control+Enter");
    await comments.thread("Why second?").waitFor();

    await page.goto(`/w/${person.workspaceSlug}/settings/import-export`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export workspace" }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${person.workspaceSlug}-\\d{4}-\\d{2}-\\d{2}\\.quire\\.zip$`));
    const archive = path.join(path.dirname(await download.path()), download.suggestedFilename());
    await download.saveAs(archive);
    expect(fs.readFileSync(archive).subarray(0, 2).toString()).toBe("PK");

    // A file that is not an archive: a clear message on the file field, nothing created.
    await page.getByLabel("Archive").setInputFiles(path.join(FIXTURES, "red.png"));
    await page.getByLabel("Workspace name").fill("Not an archive");
    await page.getByRole("button", { name: "Import workspace" }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toMatch(/not a Quire workspace archive/);

    const copyName = `Copy ${crypto.randomBytes(3).toString("hex")}`;
    await page.getByLabel("Archive").setInputFiles(archive);
    await page.getByLabel("Workspace name").fill(copyName);
    await page.getByRole("button", { name: "Import workspace" }).click();
    const result = page.getByRole("status").filter({ hasText: "Imported" });
    // On failure, the form's text (with its error message) is what the poll shows.
    const resultOrForm = () => result.textContent({ timeout: 1000 }).catch(async () => (await page.locator("form").textContent()) ?? "");
    await expect.poll(resultOrForm, { timeout: 30_000 }).toBe(`Imported 3 documents, 0 images, 0 revisions, 1 comment and 4 templates into ${copyName}.`);

    await result.getByRole("link", { name: copyName }).click();
    await page.waitForURL((url) => url.pathname !== `/w/${person.workspaceSlug}/settings/import-export` && /^\/w\/[^/]+$/.test(url.pathname));
    expect(new URL(page.url()).pathname).not.toBe(`/w/${person.workspaceSlug}`);
    await expect.poll(() => expandedOutline(page, ["Alpha"])).toEqual(original);

    await page.locator('aside a[title="Alpha child"]').click();
    await page.waitForURL(/\/d\/alpha-child-/);
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    expect((await editor.storedDocument()).delta).toEqual({ ops: [{ insert: "Nested words\n" }] });

    await page.locator('aside a[title="Beta"]').click();
    await page.waitForURL(/\/d\/beta-/);
    await editor.waitUntilEditable();
    await comments.open();
    await comments.thread("Why second?").waitFor();
    await expect.poll(() => comments.highlightCovers("Second")).toBe(true);
  });
});
