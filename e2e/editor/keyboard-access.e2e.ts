import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommentsPanelPage } from "../pages/comments-panel";
import { EditorPage } from "../pages/editor-page";
import type { Person } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

// Everything around the text is reachable from the keyboard: headings by shortcut, the
// toolbar and its pickers with Alt+F10 and the arrows, the document menu one Alt+F10 further.

let app: RunningApp;
let browser: Browser;
let page: Page;
let person: Person;
beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
  ({ page, person } = await signedUpPage(browser, app.url, "keyboarder"));
});
afterAll(async () => {
  await stopAppAndBrowser(app, browser);
});

async function openDocument(title: string, text: string): Promise<EditorPage> {
  const response = await page.request.post("/api/v1/documents", {
    headers: { origin: app.url },
    data: { workspace: person.workspaceSlug, title, markdown: text },
  });
  await page.goto(((await response.json()) as { url: string }).url);
  const editor = new EditorPage(page);
  await editor.waitUntilEditable();
  await editor.body().getByText(text).click();
  return editor;
}

const firstLineHeader = async (editor: EditorPage) => (await editor.storedDocument()).delta.ops.find((op) => op.insert === "\n")?.attributes?.header ?? null;
const chosenHeadingOptions = () => page.getByRole("listbox", { name: "Heading", includeHidden: true }).getByRole("option", { selected: true, includeHidden: true }).evaluateAll((options) => options.map((option) => option.getAttribute("aria-label")));
const activeLabel = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.className ?? null);

describe("the editor from the keyboard", () => {
  it("makes headings with Ctrl+Alt+1–3 and normal text with Ctrl+Alt+0", async () => {
    const editor = await openDocument("Shortcuts", "Plan for the week");
    await page.keyboard.press("Control+Alt+Digit2");
    await expect.poll(() => editor.body().locator("h2").textContent()).toBe("Plan for the week");
    await expect.poll(() => firstLineHeader(editor)).toBe(2);
    await page.keyboard.press("Control+Alt+Digit0");
    await expect.poll(() => editor.body().locator("h2").count()).toBe(0);
    await expect.poll(() => firstLineHeader(editor)).toBeNull();
  });

  it("stays in the toolbar while the code is highlighted again after an edit", async () => {
    // Quill's syntax module re-highlights a second after an edit and used to put the selection
    // back by focusing the text, pulling the focus out of the toolbar (editor/silent-selection-keeps-focus.ts).
    const response = await page.request.post("/api/v1/documents", {
      headers: { origin: app.url },
      data: {
        workspace: person.workspaceSlug,
        title: "Highlighted",
        delta: { ops: [{ insert: "const answer = 42;" }, { insert: "\n", attributes: { "code-block": "javascript" } }] },
      },
    });
    await page.goto(((await response.json()) as { url: string }).url);
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().locator(".ql-code-block").first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" // edited");
    await page.keyboard.press("Alt+F10");
    expect(await activeLabel()).toBe("Heading: Normal text");
    await expect.poll(() => editor.body().locator(".ql-code-block-container .hljs-keyword").count()).toBeGreaterThan(0);
    await page.waitForTimeout(1_500);
    expect(await activeLabel()).toBe("Heading: Normal text");
  });

  it("keeps the document menu open while someone else's edit arrives and is highlighted", async () => {
    // Quill's syntax module looks again a second after any change and put the selection back by
    // focusing the text; the focus passing through it closed the menu, as a focus outside it does
    // ("Document actions" closed itself a second after the page loaded, or after anyone's edit).
    const editor = await openDocument("Menu stays", "Some words");
    const elsewhere = new EditorPage(await page.context().newPage());
    await elsewhere.page.goto(page.url());
    await elsewhere.waitUntilEditable();
    await elsewhere.body().getByText("Some words").click();
    await page.getByRole("button", { name: "Document actions" }).click();
    const menu = page.getByRole("menu");
    await menu.waitFor();
    await elsewhere.page.keyboard.press("End");
    await elsewhere.page.keyboard.type(" and more");
    await expect.poll(() => editor.body().textContent()).toContain("Some words and more");
    // A second after that change the syntax module has looked; half a second more covers a slow machine.
    await page.waitForTimeout(1_500);
    expect(await menu.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest("[role=menu]") !== null)).toBe(true);
    await elsewhere.page.close();
  });

  it("reaches the toolbar with Alt+F10, picks a heading with the arrows, and the document menu with Alt+F10 again", async () => {
    const editor = await openDocument("Toolbar", "Chapter one");
    await page.keyboard.press("Alt+F10");
    // The picker's name says what the line is, and its list which option is chosen.
    expect(await activeLabel()).toBe("Heading: Normal text");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-haspopup"))).toBe("listbox");
    await page.keyboard.press("ArrowDown");
    // The picker opened on its selected item (normal text); its items are named.
    expect(await activeLabel()).toBe("Normal text");
    expect(await chosenHeadingOptions()).toEqual(["Normal text"]);
    await page.keyboard.press("ArrowDown");
    expect(await activeLabel()).toBe("Heading 1");
    await page.keyboard.press("Enter");
    await expect.poll(() => editor.body().locator("h1").textContent()).toBe("Chapter one");
    await expect.poll(() => firstLineHeader(editor)).toBe(1);
    await expect.poll(() => page.locator(".ql-toolbar .ql-header .ql-picker-label").getAttribute("aria-label")).toBe("Heading: Heading 1");
    expect(await chosenHeadingOptions()).toEqual(["Heading 1"]);

    await page.keyboard.press("Alt+F10");
    await page.keyboard.press("ArrowRight");
    expect(await activeLabel()).toBe("Bold");
    await page.keyboard.press("Escape");
    await expect.poll(() => editor.body().evaluate((body) => body === document.activeElement)).toBe(true);

    await page.keyboard.press("Alt+F10");
    await page.keyboard.press("Alt+F10");
    expect(await activeLabel()).toBe("Document actions");
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Version history" }).waitFor();
    await page.keyboard.press("Escape");
  });
});

describe("Tab in the body", () => {
  it("is described as it is in the Keyboard shortcuts dialog, with the way out and the tree's keys", async () => {
    await openDocument("Help", "Some help");
    await page.getByRole("button", { name: "Document actions" }).click();
    await page.getByRole("menuitem", { name: "Keyboard shortcuts" }).click();
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await dialog.waitFor();
    const rows = await dialog.locator("dt").evaluateAll((terms) => terms.map((term) => `${term.textContent} = ${term.nextElementSibling?.textContent}`));
    // It said Tab indents a list item or quote, while Tab in a paragraph typed a tab.
    expect(rows).toContain("Tab = Type a tab character; at the start of a list item, quote or indented line, indent it");
    expect(rows).toContain("Tab / Shift+Tab with text selected = Indent / outdent the selected lines");
    expect(rows).toContain("Esc, then Tab / Shift+Tab = Leave the text: on to the next / back to the previous control");
    expect(rows).toContain("Shift+F10 or the Menu key = The document's actions: Move to…, New document inside, Move to trash");
    await page.keyboard.press("Escape");
  });


  /** The stored indent of each indented line. */
  const indents = async (editor: EditorPage) => (await editor.storedDocument()).delta.ops.flatMap((op) => (op.attributes?.indent ? [op.attributes.indent] : []));

  it("indents the selected lines with Tab and outdents them with Shift+Tab, instead of replacing the selection by a tab", async () => {
    const editor = await openDocument("Selected", "First paragraph");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Second paragraph");
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("Control+Shift+End");
    await page.keyboard.press("Tab");
    // Quill's own Tab replaced the whole selection by one tab character.
    await expect.poll(() => editor.body().locator("p.ql-indent-1").allTextContents()).toEqual(["First paragraph", "Second paragraph"]);
    await expect.poll(() => editor.storedText()).toBe("First paragraph\nSecond paragraph\n");
    await expect.poll(() => indents(editor)).toEqual([1, 1]);
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => editor.body().locator("p.ql-indent-1").count()).toBe(0);
    await expect.poll(() => indents(editor)).toEqual([]);
    // One step of its own: Ctrl+Z takes back the outdent, then the indent, never the text.
    await page.keyboard.press("Control+z");
    await expect.poll(() => editor.body().locator("p.ql-indent-1").count()).toBe(2);
    await page.keyboard.press("Control+z");
    await expect.poll(() => editor.body().locator("p.ql-indent-1").count()).toBe(0);
    await expect.poll(() => editor.storedText()).toBe("First paragraph\nSecond paragraph\n");
  });

  it("reaches a link's popup from the text: its address, Edit link and Remove link, by Tab; Escape goes back", async () => {
    // QA: the popup's "Edit" and "Remove" were anchors without an address, which Tab skipped.
    const response = await page.request.post("/api/v1/documents", {
      headers: { origin: app.url },
      data: { workspace: person.workspaceSlug, title: "Link popup", markdown: "Read [the guide](https://example.com/guide) first" },
    });
    await page.goto(((await response.json()) as { url: string }).url);
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().getByText("the guide").click();
    const popup = page.getByRole("group", { name: "Link" });
    await popup.waitFor();
    const isInBody = () => editor.body().evaluate((body) => body === document.activeElement);

    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("https://example.com/guide");
    await page.keyboard.press("Escape");
    expect(await isInBody()).toBe(true);
    await popup.waitFor({ state: "hidden" });

    // Into the link again (from elsewhere: the same caret is no new selection, as in snow itself).
    await page.keyboard.press("End");
    await editor.body().getByText("the guide").click();
    await popup.waitFor();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await activeLabel()).toBe("Edit link");
    await page.keyboard.press("Tab");
    expect(await activeLabel()).toBe("Remove link");
    await page.keyboard.press("Enter");
    await expect.poll(() => editor.storedDocument().then(({ delta }) => delta.ops.some((op) => op.attributes?.link !== undefined))).toBe(false);
    expect(await isInBody()).toBe(true);
  });

  it("still types a tab in a paragraph, and leaves the text with Escape then Tab (or Shift+Tab), as the body's description says", async () => {
    const editor = await openDocument("Leaving", "Some words");
    expect(await editor.body().getAttribute("aria-description")).toBe("Alt+F10: formatting toolbar. Escape, then Tab: leave the text.");
    await page.keyboard.press("End");
    await page.keyboard.press("Tab");
    await expect.poll(() => editor.storedText()).toBe("Some words\t\n");
    const isInBody = () => editor.body().evaluate((body) => body === document.activeElement);
    expect(await isInBody()).toBe(true);

    // Another key between Escape and Tab: Tab types again.
    await page.keyboard.press("Escape");
    await page.keyboard.type("!");
    await page.keyboard.press("Tab");
    await expect.poll(() => editor.storedText()).toBe("Some words\t!\t\n");
    expect(await isInBody()).toBe(true);

    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    expect(await isInBody()).toBe(false);
    // With the comments panel open, the next control is in it.
    await new CommentsPanelPage(page).open();
    await editor.body().click();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("[data-testid=comments-panel]") !== null)).toBe(true);

    await editor.body().click();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Shift+Tab");
    expect(await isInBody()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.closest("[role=toolbar]")?.getAttribute("aria-label"))).toBe("Formatting");
    // Nothing was typed by the keys that left.
    expect(await editor.storedText()).toBe("Some words\t!\t\n");
  });
});
