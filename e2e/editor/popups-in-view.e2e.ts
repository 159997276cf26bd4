import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import type { Person } from "../support/accounts";
import { newContext } from "../support/browser";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

// The editor's popups stay inside the window: the link and formula inputs near the end of a
// long document (they opened below the last line, cut off by the editor's box), and the code
// block's language picker, which covered the first code line on a phone.

let app: RunningApp;
let browser: Browser;
let person: Person;
let docUrl: string;
beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
  const signedUp = await signedUpPage(browser, app.url, "popups");
  person = signedUp.person;
  const markdown = `${Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of a long document.`).join("\n\n")}\n\n\`\`\`js\nconst answer = computeTheAnswerToEverything(42);\n\`\`\`\n`;
  const response = await signedUp.page.request.post("/api/v1/documents", { headers: { origin: app.url }, data: { workspace: person.workspaceSlug, title: "Long", markdown } });
  docUrl = ((await response.json()) as { url: string }).url;
  await signedUp.page.context().storageState({ path: `${app.dataDir}/owner.json` });
});
afterAll(async () => {
  await stopAppAndBrowser(app, browser);
});

async function openAt(width: number): Promise<{ page: Page; editor: EditorPage }> {
  const context = await newContext(browser, app.url, { width });
  await context.addCookies((await browser.newContext({ storageState: `${app.dataDir}/owner.json` }).then((c) => c.storageState())).cookies);
  const page = await context.newPage();
  await page.goto(docUrl);
  const editor = new EditorPage(page);
  await editor.waitUntilEditable();
  return { page, editor };
}

const inWindow = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    return rect.top >= 0 && rect.left >= 0 && rect.bottom <= window.innerHeight && rect.right <= window.innerWidth;
  }, selector);

describe("popups stay in the window", () => {
  for (const width of [1280, 360]) {
    it(`opens the link and formula inputs inside the window near the end of a long document, at ${width} px`, async () => {
      const { page, editor } = await openAt(width);
      const last = editor.body().getByText("Paragraph 40 of a long document.");
      await last.scrollIntoViewIfNeeded();
      await last.click();
      await page.keyboard.press("End");
      await page.keyboard.press("Shift+Home");
      await editor.toolbar().locator("button.ql-link").click();
      await page.locator(".ql-tooltip.ql-editing").waitFor();
      expect(await inWindow(page, ".ql-tooltip.ql-editing")).toBe(true);
      await page.keyboard.press("Escape");

      await last.click();
      await page.keyboard.press("End");
      await editor.toolbar().locator("button.ql-formula").click();
      await page.locator(".ql-tooltip.ql-editing[data-mode=formula]").waitFor();
      expect(await inWindow(page, ".ql-tooltip.ql-editing")).toBe(true);
      await page.close();
    });
  }

  it("keeps the code language picker off the code at 360 px", async () => {
    const { page, editor } = await openAt(360);
    const block = editor.body().locator(".ql-code-block-container");
    await block.scrollIntoViewIfNeeded();
    const overlap = await block.evaluate((container) => {
      const select = container.querySelector("select.ql-ui")?.getBoundingClientRect();
      const line = container.querySelector(".ql-code-block")?.getBoundingClientRect();
      return select && line ? select.bottom > line.top && select.top < line.bottom : null;
    });
    expect(overlap).toBe(false);
    await page.close();
  });
});
