import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { CommentsPanelPage } from "../pages/comments-panel";
import { EditorPage } from "../pages/editor-page";
import { SearchPalette } from "../pages/search-palette";
import type { Person } from "../support/accounts";
import { withAppAndBrowser } from "../support/app-and-browser";
import { createDocumentViaApi, signedUpPage } from "../support/workspace";

// Where focus goes when a dialog closes or a form inside one is sent (docs/product.md "Keyboard
// and screen readers"; WCAG 2.4.3): back to what opened it, or, when that is gone, to the next
// row or the list's heading; never to <body>, where the next key would go nowhere.

const { app, browser } = withAppAndBrowser();

let page: Page;
let person: Person;
let documentPath: string;

/** What has focus, as a test can compare it: the tag, then the accessible name's usual sources. */
function focused(p: Page): Promise<string> {
  return p.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "body";
    if (element.classList.contains("ql-editor")) return "editor";
    const name = element.getAttribute("aria-label") ?? element.textContent?.replace(/\s+/g, " ").trim() ?? "";
    return `${element.tagName.toLowerCase()}: ${name}`;
  });
}

async function openDocumentMenuItem(p: Page, item: string) {
  const button = p.getByRole("button", { name: "Document actions" });
  await button.focus();
  await p.keyboard.press("Enter");
  await p.getByRole("menu").waitFor();
  // Each key waits for the focus it moves: pressed on a stale read, under load, it went past the item.
  await expect.poll(() => p.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
  for (let i = 0; i < 30; i++) {
    const now = await focused(p);
    if (now === `div: ${item}`) break;
    await p.keyboard.press("ArrowDown");
    await expect.poll(() => focused(p)).not.toBe(now);
  }
  expect(await focused(p)).toBe(`div: ${item}`);
  await p.keyboard.press("Enter");
}

/** The document, loaded afresh: each test starts from the page as it opens, whatever the one before left. */
async function openDocument() {
  await page.goto(documentPath);
  await new EditorPage(page).waitUntilEditable();
}

beforeAll(async () => {
  ({ page, person } = await signedUpPage(browser, app.url, "focus"));
  const created = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Focus plan", markdown: "Alpha beta gamma" });
  documentPath = `/w/${person.workspaceSlug}/d/${created.id}`;
});

describe("focus when a dialog closes", () => {
  it("Ctrl+K from the text, then Escape: the caret is back where it was, and typing goes there", async () => {
    await openDocument();
    const editor = new EditorPage(page);
    await editor.body().click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("ArrowLeft"); // "Alpha beta gamm|a"
    const palette = new SearchPalette(page);
    await palette.open();
    expect(await focused(page)).toMatch(/^input/);
    await page.keyboard.press("Escape");
    await palette.dialog().waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe("editor");
    await page.keyboard.type("X");
    await expect.poll(() => editor.body().textContent()).toBe("Alpha beta gammXa");

    // Ctrl+K again closes it too, with the same result.
    await palette.open();
    await page.keyboard.press("Control+k");
    await palette.dialog().waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe("editor");
    await page.keyboard.type("Y");
    await expect.poll(() => editor.body().textContent()).toBe("Alpha beta gammXYa");
  });

  it("the sidebar's Search button gets focus back when the palette closes", async () => {
    const search = page.locator("aside").getByRole("button", { name: /^Search/ });
    await search.focus();
    await page.keyboard.press("Enter");
    const palette = new SearchPalette(page);
    await palette.input().waitFor();
    await page.keyboard.press("Escape");
    await palette.dialog().waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toMatch(/^button: Search/);
  });

  it("at 375 px in dark mode, the drawer's Search gives focus back to the menu button that opened the drawer", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.emulateMedia({ colorScheme: "dark" });
    try {
      await page.goto(`/w/${person.workspaceSlug}`);
      const menu = page.getByRole("button", { name: "Open navigation" });
      await menu.focus();
      await page.keyboard.press("Enter");
      const drawer = page.getByRole("dialog", { name: "Navigation" });
      await drawer.getByRole("button", { name: /^Search/ }).focus();
      await page.keyboard.press("Enter");
      const palette = new SearchPalette(page);
      await palette.input().waitFor();
      await expect.poll(() => drawer.count()).toBe(0);
      await page.keyboard.press("Escape");
      await palette.dialog().waitFor({ state: "detached" });
      await expect.poll(() => focused(page)).toBe("button: Open navigation");
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ colorScheme: "light" });
    }
  });

  it("Keyboard shortcuts opens on its title, in sight, and closes back to the Document actions button", async () => {
    await openDocument();
    await openDocumentMenuItem(page, "Keyboard shortcuts");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await dialog.waitFor();
    await expect.poll(() => focused(page)).toBe("h2: Keyboard shortcuts");
    const box = await page.evaluate(() => document.activeElement?.getBoundingClientRect().toJSON() as DOMRect);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(800);
    // The keys scroll the list from there.
    const scrolled = () => dialog.evaluate((element) => element.scrollTop);
    await page.keyboard.press("PageDown");
    await expect.poll(scrolled).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe("button: Document actions");
  });

  it("Save version…: after saving, focus is back on the Document actions button and the notice says so", async () => {
    await openDocument();
    await openDocumentMenuItem(page, "Save version…");
    const dialog = page.getByRole("dialog", { name: "Save version" });
    await dialog.waitFor();
    await page.keyboard.type("Milestone one");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("version-notice").filter({ hasText: "Saved the version “Milestone one”." }).waitFor();
    await expect.poll(() => focused(page)).toBe("button: Document actions");

    // Cancelled, the same.
    await openDocumentMenuItem(page, "Save as template…");
    const template = page.getByRole("dialog", { name: "Save as template" });
    await template.waitFor();
    await page.keyboard.press("Escape");
    await template.waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe("button: Document actions");
  });

  it("posting a comment moves focus to its new thread and says so", async () => {
    await openDocument();
    const comments = new CommentsPanelPage(page);
    await comments.open();
    await comments.selectToComment("beta");
    await page.keyboard.press("Control+Alt+KeyM");
    await page.getByTestId("new-comment").waitFor();
    await expect.poll(() => focused(page)).toMatch(/^textarea/);
    await page.keyboard.type("Why beta?");
    await page.keyboard.press("Control+Enter");
    await comments.thread("Why beta?").waitFor();
    await expect.poll(() => focused(page)).toBe("button: “beta”");
    const threadId = await comments.thread("Why beta?").getAttribute("data-thread-id");
    expect(await page.evaluate(() => document.activeElement?.closest("[data-thread-id]")?.getAttribute("data-thread-id"))).toBe(threadId);
    await expect.poll(() => comments.panel().getByRole("status").filter({ hasText: "Comment posted." }).count()).toBe(1);

    // A reply: focus on the thread's Reply button that comes back in the composer's place.
    await comments.thread("Why beta?").getByRole("button", { name: "Reply" }).click();
    await page.keyboard.type("Because.");
    await page.keyboard.press("Control+Enter");
    await comments.thread("Because.").waitFor();
    await expect.poll(() => focused(page)).toBe(`button: Reply to ${person.name}'s thread on “beta”`);
    await expect.poll(() => comments.panel().getByRole("status").filter({ hasText: "Reply posted." }).count()).toBe(1);

    // Deleting the opening comment (after confirming), whose reply keeps the thread: focus on its
    // place in the thread, which now says "Comment deleted".
    const opening = comments.thread("Because.").getByTestId("comment").filter({ hasText: "Why beta?" });
    await opening.getByRole("button", { name: "Delete" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Delete this comment?" }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => focused(page)).toBe(`button: Delete ${person.name}'s comment: “Why beta?”`);
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Delete this comment?" }).getByRole("button", { name: "Delete" }).click();
    await comments.thread("Because.").getByText("Comment deleted").waitFor();
    await expect.poll(() => focused(page)).toBe("li: Comment deleted");
  });

  it("Move to… from the tree: focus lands on the moved item in its new place, and the move is announced", async () => {
    const create = async (title: string) => (await createDocumentViaApi(page, app.url, person.workspaceSlug, { title, markdown: "" })).id;
    const alpha = await create("Alpha");
    const bravo = await create("Bravo");
    await page.goto(`/w/${person.workspaceSlug}`);
    const item = (id: string) => page.locator(`aside [role=treeitem][data-tree-id="${id}"]`);
    await item(bravo).waitFor();
    await item(bravo).focus();
    await page.keyboard.press("Shift+F10");
    await page.getByRole("menuitem", { name: "Move to…" }).waitFor();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /Move “Bravo” to/ });
    await dialog.waitFor();
    await page.keyboard.type("Alpha");
    await page.keyboard.press("Tab"); // Top level of the workspace
    await page.keyboard.press("Tab"); // Alpha
    expect(await focused(page)).toBe("button: Alpha");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    // Focus goes back to the item at once, then follows it when it is re-created under Alpha.
    const focusedItem = () => page.evaluate(() => `${document.activeElement?.getAttribute("data-tree-id")} at level ${document.activeElement?.getAttribute("aria-level")}`);
    await expect.poll(focusedItem).toBe(`${bravo} at level 2`);
    expect(await item(bravo).evaluate((element) => element.parentElement?.closest("[role=treeitem]")?.getAttribute("data-tree-id"))).toBe(alpha);
    await expect.poll(() => page.locator("aside").getByRole("status").filter({ hasText: "Moved “Bravo” into “Alpha”." }).count()).toBe(1);
  });

  it("Trash at 375 px in dark mode: Escape gives focus back to Delete forever; deleting moves it to the next row, then to the heading", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.emulateMedia({ colorScheme: "dark" });
    try {
      const trashed: string[] = [];
      for (const title of ["Old one", "Old two"]) {
        const { id } = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title, markdown: "gone" });
        const response = await page.request.delete(`/api/v1/documents/${id}`, { headers: { origin: app.url } });
        expect(response.status()).toBeLessThan(300);
        trashed.push(title);
      }
      await page.goto(`/w/${person.workspaceSlug}/trash`);
      const main = page.locator("main");
      const deleteButton = (title: string) => main.getByRole("button", { name: `Delete forever ${title}` });
      await deleteButton("Old two").waitFor();
      const [first, second] = await main.getByRole("button", { name: /^Delete forever / }).evaluateAll((buttons) => buttons.map((b) => b.textContent?.replace("Delete forever", "").trim() ?? ""));

      await deleteButton(first!).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: `Delete “${first}” forever?` });
      await dialog.waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => focused(page)).toBe(`button: Delete forever ${first}`);

      await page.keyboard.press("Enter");
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Delete forever" }).click();
      await main.getByRole("status").filter({ hasText: `Deleted “${first}” for good.` }).waitFor();
      await expect.poll(() => focused(page)).toBe(`button: Delete forever ${second}`);

      await page.keyboard.press("Enter");
      const last = page.getByRole("dialog", { name: `Delete “${second}” forever?` });
      await last.waitFor();
      await page.keyboard.press("Tab"); // Cancel → Delete forever
      await page.keyboard.press("Enter");
      await main.getByText("The trash is empty.").waitFor();
      await main.getByRole("status").filter({ hasText: `Deleted “${second}” for good.` }).waitFor();
      await expect.poll(() => focused(page)).toBe("h1: Trash");
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ colorScheme: "light" });
    }
  });
});
