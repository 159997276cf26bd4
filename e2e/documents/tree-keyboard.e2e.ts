import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import type { Person } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { newContext } from "../support/browser";
import { signedUpPage } from "../support/workspace";

// The sidebar tree follows the WAI-ARIA tree pattern: one tab stop, arrows move and expand,
// Enter opens, Shift+F10 opens an item's actions; dialogs give focus back to what opened them.

let app: RunningApp;
let browser: Browser;
let page: Page;
let person: Person;
const ids: Record<string, string> = {};

beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
  ({ page, person } = await signedUpPage(browser, app.url, "arrows"));
  const create = async (title: string, parentId?: string) => {
    const response = await page.request.post("/api/v1/documents", { headers: { origin: app.url }, data: { workspace: person.workspaceSlug, title, parentId } });
    ids[title] = ((await response.json()) as { id: string }).id;
  };
  await create("Alpha");
  await create("Alpha child", ids.Alpha);
  await create("Bravo");
  await page.goto(`/w/${person.workspaceSlug}`);
});
afterAll(async () => {
  await stopAppAndBrowser(app, browser);
});

const focusedItem = (p: Page) =>
  p.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute("role") === "treeitem" ? document.getElementById(active.getAttribute("aria-labelledby") ?? "")?.textContent ?? "?" : null;
  });
const expandedOf = (title: string) => page.locator(`[role=treeitem][aria-labelledby="tree-link-${ids[title]}"]`).getAttribute("aria-expanded");

async function tabIntoTree(p: Page) {
  for (let i = 0; i < 40 && (await focusedItem(p)) === null; i++) await p.keyboard.press("Tab");
}

/** Waits until the open context menu has taken the keyboard focus (Radix moves it in after showing the menu). */
async function menuHasFocus(p: Page): Promise<void> {
  await expect.poll(() => p.evaluate(() => document.activeElement?.closest("[role=menu]") !== null)).toBe(true);
}

describe("the document tree from the keyboard", () => {
  it("is one tab stop walked and expanded with the arrows, remembers open branches, and opens with Enter", async () => {
    expect(await page.locator("[role=treeitem][tabindex='0']").count()).toBe(1);
    await tabIntoTree(page);
    expect(await focusedItem(page)).toBe("Alpha");
    expect(await expandedOf("Alpha")).toBe("false");

    await page.keyboard.press("ArrowRight");
    await expect.poll(() => expandedOf("Alpha")).toBe("true");
    await page.keyboard.press("ArrowRight");
    expect(await focusedItem(page)).toBe("Alpha child");
    await page.keyboard.press("ArrowDown");
    expect(await focusedItem(page)).toBe("Bravo");
    await page.keyboard.press("Home");
    expect(await focusedItem(page)).toBe("Alpha");
    await page.keyboard.press("End");
    expect(await focusedItem(page)).toBe("Bravo");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowLeft");
    expect(await focusedItem(page)).toBe("Alpha");
    // Tab leaves the tree at once: it is one stop, not one per document.
    await page.keyboard.press("Tab");
    expect(await focusedItem(page)).toBeNull();

    await page.reload();
    await expect.poll(() => expandedOf("Alpha")).toBe("true");
    await tabIntoTree(page);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => expandedOf("Alpha")).toBe("false");
    await page.keyboard.press("b");
    expect(await focusedItem(page)).toBe("Bravo");
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/d/bravo-${ids.Bravo}`);
  });

  it("opens an item's actions with Shift+F10, and focus comes back to the item after Move to…", async () => {
    await page.goto(`/w/${person.workspaceSlug}`);
    await tabIntoTree(page);
    await page.keyboard.press("End");
    expect(await focusedItem(page)).toBe("Bravo");
    await page.keyboard.press("Shift+F10");
    await menuHasFocus(page);
    await page.getByRole("menuitem", { name: "Move to…" }).press("Enter");
    const dialog = page.getByRole("dialog", { name: /Move “Bravo” to/ });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => focusedItem(page)).toBe("Bravo");
  });

  it("gives focus back to the Share button when the share dialog closes", async () => {
    await page.goto(`/w/${person.workspaceSlug}/d/alpha-${ids.Alpha}`);
    // The body takes focus when the document opens; wait for that before moving it.
    await new EditorPage(page).waitUntilEditable();
    const share = page.getByRole("link", { name: "Share" });
    await share.focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("share-modal").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("share-modal").waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Share");
  });
});

describe("the tree around the open document", () => {
  let owner: { page: Page; person: Person };
  const docs: Record<string, { id: string; url: string }> = {};
  const item = (p: Page, title: string) => p.locator(`aside [role=treeitem][aria-labelledby="tree-link-${docs[title]?.id}"]`);
  const rowActionsOpacity = (p: Page, title: string) => item(p, title).locator("> div > [data-row-actions]").evaluate((element) => getComputedStyle(element).opacity);

  beforeAll(async () => {
    owner = await signedUpPage(browser, app.url, "trasher");
    const create = async (title: string, parent?: string) => {
      const response = await owner.page.request.post("/api/v1/documents", { headers: { origin: app.url }, data: { workspace: owner.person.workspaceSlug, title, parentId: parent ? docs[parent]?.id : undefined } });
      docs[title] = (await response.json()) as { id: string; url: string };
    };
    await create("Guide");
    await create("Chapter", "Guide");
    await create("Section", "Chapter");
    await create("Spare");
    await create("Spare two");
  });

  /** From the "Documents" heading, Tab into the tree: a person's way in, so focus shows as it does for them. */
  async function tabFromTreeHeading(p: Page) {
    await p.locator("aside #tree-heading").click();
    await tabIntoTree(p);
  }

  it("opens the branches above the open document, which is the tab stop, and shows its row's + and … while it has focus", async () => {
    const { page: p } = owner;
    await p.goto(docs.Section?.url ?? "");
    await new EditorPage(p).waitUntilEditable();
    await expect.poll(() => item(p, "Guide").getAttribute("aria-expanded")).toBe("true");
    expect(await item(p, "Chapter").getAttribute("aria-expanded")).toBe("true");
    expect(await p.locator("aside [role=treeitem][tabindex='0']").getAttribute("aria-labelledby")).toBe(`tree-link-${docs.Section?.id}`);
    expect(await item(p, "Section").getAttribute("aria-keyshortcuts")).toBe("Shift+F10 ContextMenu");

    await tabFromTreeHeading(p);
    expect(await focusedItem(p)).toBe("Section");
    expect(await rowActionsOpacity(p, "Section")).toBe("1");
    expect(await rowActionsOpacity(p, "Guide")).toBe("0"); // not every row above it
    await p.keyboard.press("ArrowDown");
    expect(await focusedItem(p)).toBe("Spare");
    expect(await rowActionsOpacity(p, "Spare")).toBe("1");
    expect(await rowActionsOpacity(p, "Section")).toBe("0");
  });

  it("keeps focus in the tree, on the next row, when another document is trashed, and says so", async () => {
    const { page: p } = owner;
    await p.goto(docs.Section?.url ?? "");
    await new EditorPage(p).waitUntilEditable();
    await tabFromTreeHeading(p);
    await p.keyboard.press("ArrowDown");
    expect(await focusedItem(p)).toBe("Spare");
    await p.keyboard.press("Shift+F10");
    await menuHasFocus(p); // the menu takes focus a moment after it shows: a key before that goes to the tree
    // The item by name (End then Enter raced the menu's own focus handling on a loaded machine).
    await p.getByRole("menuitem", { name: "Move to trash" }).press("Enter");
    await expect.poll(() => item(p, "Spare").count()).toBe(0);
    expect(await focusedItem(p)).toBe("Spare two");
    expect(await p.locator("aside").getByRole("status").textContent()).toBe("Moved “Spare” to the trash.");
    expect(p.url()).toBe(`${app.url}${docs.Section?.url}`);
  });

  it("goes to the trash page when the open document's branch is trashed from the tree, says so, and Undo brings it back", async () => {
    const { page: p } = owner;
    await p.goto(docs.Section?.url ?? "");
    await new EditorPage(p).waitUntilEditable();
    await tabFromTreeHeading(p);
    await p.keyboard.press("Home");
    expect(await focusedItem(p)).toBe("Guide");
    await p.keyboard.press("Shift+F10");
    await menuHasFocus(p); // the menu takes focus a moment after it shows: a key before that goes to the tree
    // The item by name (End then Enter raced the menu's own focus handling on a loaded machine).
    await p.getByRole("menuitem", { name: "Move to trash" }).press("Enter");
    // Where the editor's own "Move to trash" goes; the page stayed on the gone document (a 404) before.
    await p.waitForURL(`**/w/${owner.person.workspaceSlug}/trash?trashed=${docs.Guide?.id}`);
    const notice = p.getByTestId("trashed-notice");
    await expect.poll(() => notice.getByRole("status").textContent()).toBe("Moved “Guide” and its 2 sub-documents to the trash.");
    expect(await p.getByText("This page could not be found").count()).toBe(0);
    const undo = notice.getByRole("button", { name: "Undo moving “Guide” to the trash" });
    await expect.poll(() => undo.evaluate((button) => button === document.activeElement)).toBe(true);
    await p.keyboard.press("Enter");
    await p.waitForURL(`**/d/guide-${docs.Guide?.id}`);
    await expect.poll(() => item(p, "Section").count()).toBe(1);
  });

  it("offers the tree's Move to… in the document's own … menu, and gives focus back to that menu's button", async () => {
    const { page: p } = owner;
    await p.goto(docs.Section?.url ?? "");
    await new EditorPage(p).waitUntilEditable();
    const menuButton = p.getByRole("button", { name: "Document actions" });
    await menuButton.click();
    await p.getByRole("menuitem", { name: "Move to…" }).click();
    const dialog = p.getByRole("dialog", { name: "Move “Section” to…" });
    await dialog.waitFor();
    await p.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => menuButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await menuButton.click();
    await p.getByRole("menuitem", { name: "Move to…" }).click();
    await dialog.getByRole("button", { name: "Top level of the workspace" }).click();
    await expect.poll(() => item(p, "Section").getAttribute("aria-level")).toBe("1");
  });

  it("moves between the rows of the narrow window's drawer, not the hidden sidebar's copy of the tree", async () => {
    const context = await newContext(browser, app.url, { width: 375 });
    await context.addCookies(await owner.page.context().cookies());
    const p = await context.newPage();
    await p.goto(`/w/${owner.person.workspaceSlug}`);
    await p.getByRole("button", { name: "Open navigation" }).click();
    const drawer = p.getByRole("dialog", { name: "Navigation" });
    await drawer.getByRole("tree").waitFor();
    await drawer.locator("#tree-heading").click();
    await tabIntoTree(p);
    const first = await focusedItem(p);
    await p.keyboard.press("ArrowDown");
    const inDrawer = () => p.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null);
    expect(await inDrawer()).toBe(true);
    expect(await focusedItem(p)).not.toBe(first);
    expect(await focusedItem(p)).not.toBeNull();
    await context.close();
  });
});
