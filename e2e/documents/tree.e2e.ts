import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import { signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

/** Creates a document (top level, or inside `parent`) and gives it a title. */
async function createDocument(page: Page, title: string, parent?: string) {
  const sidebar = new Sidebar(page);
  if (parent) await sidebar.newChildOf(parent);
  else await sidebar.newTopLevelDocument();
  const editor = new EditorPage(page);
  await editor.waitUntilEditable();
  await editor.setTitle(title);
  await expect.poll(() => sidebar.item(title).isVisible()).toBe(true);
}

describe("the document tree", () => {
  it("creates nested documents, reorders and re-parents them by drag and drop, and keeps it after a reload", async () => {
    const { page } = await signedUpPage(browser, app.url);
    const sidebar = new Sidebar(page);
    await createDocument(page, "Alpha");
    await createDocument(page, "Beta");
    await createDocument(page, "Gamma");
    await createDocument(page, "Alpha child", "Alpha");
    await sidebar.expand("Alpha");
    expect(await sidebar.outline()).toEqual(["Alpha", "  Alpha child", "Beta", "Gamma"]);

    // Gamma onto the top quarter of Alpha: before it.
    await sidebar.row("Gamma").dragTo(sidebar.row("Alpha"), { targetPosition: { x: 20, y: 2 } });
    await expect.poll(() => sidebar.outline()).toEqual(["Gamma", "Alpha", "  Alpha child", "Beta"]);
    // Said, not only seen: the tree's status line, as the Move to… dialog says it.
    const said = () => page.locator("aside").getByRole("status").textContent();
    await expect.poll(said).toBe("Moved “Gamma” before “Alpha”.");

    // Beta onto the middle of Gamma: inside it.
    const gammaBox = await sidebar.row("Gamma").boundingBox();
    await sidebar.row("Beta").dragTo(sidebar.row("Gamma"), { targetPosition: { x: 20, y: (gammaBox?.height ?? 32) / 2 } });
    await sidebar.expand("Gamma");
    await expect.poll(() => sidebar.outline()).toEqual(["Gamma", "  Beta", "Alpha", "  Alpha child"]);
    await expect.poll(said).toBe("Moved “Beta” into “Gamma”.");

    await page.reload();
    // The expanded rows come back from localStorage once the page hydrates; a click before that
    // would land on the server-rendered (collapsed) row and be undone, so expand until it holds.
    await expect
      .poll(async () => {
        await sidebar.expand("Gamma");
        await sidebar.expand("Alpha");
        return sidebar.outline();
      })
      .toEqual(["Gamma", "  Beta", "Alpha", "  Alpha child"]);
  });

  it("keeps the address it was opened with after a rename, and sends an old address to the current one on a full load", async () => {
    const { page } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    const opened = page.url();
    await editor.setTitle("Renamed note");
    await expect.poll(async () => (await editor.storedDocument()).title).toBe("Renamed note");
    expect(page.url()).toBe(opened);
    await page.goto(opened);
    await page.waitForURL((url) => url.pathname.endsWith(`/renamed-note-${editor.documentId()}`));
    await page.goto(opened.replace(/\/d\/[^/]*-/, "/d/made-up-slug-"));
    await page.waitForURL((url) => url.pathname.endsWith(`/renamed-note-${editor.documentId()}`));
  });

  it("moves a document with its children through the keyboard-reachable Move to… menu, which never offers its own subtree", async () => {
    const { page } = await signedUpPage(browser, app.url);
    const sidebar = new Sidebar(page);
    await createDocument(page, "Handbook");
    await createDocument(page, "Policies", "Handbook");
    await createDocument(page, "Archive");
    await sidebar.expand("Handbook");

    await sidebar.openActions("Handbook");
    await page.getByRole("menuitem", { name: "Move to…" }).press("Enter");
    const dialog = page.getByRole("dialog");
    // The picker never offers the document itself or its descendants.
    expect(await dialog.getByRole("button", { name: "Policies" }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Archive" }).click();
    await sidebar.expand("Archive");
    await sidebar.expand("Handbook");
    await expect.poll(() => sidebar.outline()).toEqual(["Archive", "  Handbook", "    Policies"]);
  });

  it("trashes a document with its subtree and restores all of it", async () => {
    const { page } = await signedUpPage(browser, app.url);
    const sidebar = new Sidebar(page);
    await createDocument(page, "Project");
    await createDocument(page, "Notes", "Project");
    await createDocument(page, "Minutes", "Notes");

    await sidebar.openActions("Project");
    await page.getByRole("menuitem", { name: "Move to trash" }).click();
    await expect.poll(() => sidebar.outline()).toEqual([]);

    await page.locator("aside").getByRole("link", { name: "Trash" }).click();
    await page.waitForURL("**/trash");
    // The trash's loading frame may come first: wait for the list itself.
    await page.getByText("with 2 sub-documents").waitFor();
    await page.getByRole("button", { name: "Restore Project" }).click();
    await page.waitForURL(/\/d\/project-/);
    await sidebar.expand("Project");
    await sidebar.expand("Notes");
    await expect.poll(() => sidebar.outline()).toEqual(["Project", "  Notes", "    Minutes"]);
  });
});
