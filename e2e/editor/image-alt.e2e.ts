import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "@test/file-factories";
import { EditorPage } from "../pages/editor-page";
import type { Person } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

// Images carry a description (alt text) people can write in the editor, with the mouse or the
// keyboard; it is stored, rendered for readers and kept in exports. One without a description
// renders as decorative (alt="") rather than with no alt at all.

let app: RunningApp;
let browser: Browser;
let page: Page;
let person: Person;
beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
  ({ page, person } = await signedUpPage(browser, app.url, "describer"));
});
afterAll(async () => {
  await stopAppAndBrowser(app, browser);
});

async function documentWithImage(title: string): Promise<{ id: string; url: string }> {
  const image = `data:image/png;base64,${Buffer.from(solidPng(160, 90)).toString("base64")}`;
  const response = await page.request.post("/api/v1/documents", {
    headers: { origin: app.url },
    data: { workspace: person.workspaceSlug, title, delta: { ops: [{ insert: "Before\n" }, { insert: { image } }, { insert: "\nAfter\n" }] } },
  });
  expect(response.status()).toBe(201);
  return response.json() as Promise<{ id: string; url: string }>;
}

const imageOps = async (editor: EditorPage) => (await editor.storedDocument()).delta.ops.filter((op) => typeof op.insert === "object");

describe("alt text for images", () => {
  it("is written by clicking the image, stored, shown to readers and kept in the Markdown export", async () => {
    const doc = await documentWithImage("Diagram");
    await page.goto(doc.url);
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    const image = editor.body().locator("img");
    expect(await image.getAttribute("alt")).toBe("");

    await image.click();
    const field = page.getByRole("group", { name: "Image description" }).getByLabel("Alt text");
    await field.fill("A red dot on white");
    await field.press("Enter");
    await expect.poll(() => image.getAttribute("alt")).toBe("A red dot on white");
    await expect.poll(async () => (await imageOps(editor))[0]?.attributes).toEqual({ alt: "A red dot on white" });

    await page.reload();
    await editor.waitUntilEditable();
    expect(await editor.body().locator("img").getAttribute("alt")).toBe("A red dot on white");
    const markdown = await page.request.get(`/api/v1/documents/${doc.id}/export?format=md`);
    expect(await markdown.text()).toContain("![A red dot on white](");
  });

  it("is reached from the keyboard with Alt+Enter on a selected image, and Escape returns to the text", async () => {
    const doc = await documentWithImage("Keyboard");
    await page.goto(doc.url);
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().getByText("Before").click();
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Alt+Enter");
    const field = page.getByRole("group", { name: "Image description" }).getByLabel("Alt text");
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type("Chart of sales");
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await imageOps(editor))[0]?.attributes).toEqual({ alt: "Chart of sales" });
    // The caret is back in the text, after the image: typing goes there.
    await page.keyboard.type("!");
    await expect.poll(() => editor.body().textContent()).toContain("!");

    await editor.body().locator("img").click();
    await field.press("Escape");
    await expect.poll(() => editor.body().evaluate((body) => body.contains(document.activeElement) || body === document.activeElement)).toBe(true);
  });
});
