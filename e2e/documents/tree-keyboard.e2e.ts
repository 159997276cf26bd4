import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import type { Person } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
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
    await page.getByRole("menuitem", { name: "Move to…" }).waitFor();
    await page.keyboard.press("Enter");
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
