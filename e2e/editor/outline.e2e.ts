import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { ShareDialog } from "../pages/share-dialog";
import { withAppAndBrowser } from "../support/app-and-browser";
import { createDocumentViaApi, signedUpPage } from "../support/workspace";

// Issue 12.4: the contents list beside the editor, live; `#h-…` anchors in the app and on published pages.

const { app, browser } = withAppAndBrowser();

const filler = (label: string) => Array.from({ length: 30 }, (_, i) => `${label} paragraph ${i + 1}.`).join("\n\n");
const MARKDOWN = `# Goals\n\n${filler("Goal")}\n\n## Risks & costs\n\n${filler("Risk")}\n\n### Next steps\n\n${filler("Step")}`;

describe("document outline", () => {
  it("lists the headings, goes to one from the keyboard, follows typing and opens a #h- link at its heading", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "outline");
    await page.setViewportSize({ width: 1280, height: 800 });
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Plan", markdown: MARKDOWN });
    const editor = new EditorPage(page);
    await page.goto(`/w/${person.workspaceSlug}/d/${doc.id}`);
    await editor.waitUntilEditable();

    const toggle = page.getByRole("button", { name: "Contents (3)" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const list = page.getByTestId("outline-list");
    expect(await list.getByRole("link").allTextContents()).toEqual(["Goals", "Risks & costs", "Next steps"]);
    await list.getByRole("link", { name: "Risks & costs" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).hash).toBe("#h-risks-and-costs");
    const heading = editor.body().locator("h2", { hasText: "Risks & costs" });
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeLessThan(200);
    // The caret went to the heading: typing lands there, and the list (closed, so nothing scrolls) follows the new text.
    await page.keyboard.type("Top ");
    await expect.poll(() => list.getByRole("link", { includeHidden: true }).allTextContents()).toEqual(["Goals", "Top Risks & costs", "Next steps"]);
    await expect.poll(() => list.getByRole("link", { name: "Top Risks & costs", includeHidden: true }).getAttribute("aria-current")).toBe("location");
    await toggle.click();
    await list.getByRole("link", { name: "Goals" }).focus();
    await page.keyboard.press("Escape");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Contents (3)");

    // A link to a heading, opened fresh, scrolls to it once the editor is live.
    const fresh = await page.context().newPage();
    await fresh.setViewportSize({ width: 1280, height: 800 });
    await fresh.goto(`/w/${person.workspaceSlug}/d/${doc.id}#h-next-steps`);
    await new EditorPage(fresh).waitUntilEditable();
    const steps = new EditorPage(fresh).body().locator("h3", { hasText: "Next steps" });
    await expect.poll(async () => (await steps.boundingBox())?.y ?? -1).toBeLessThan(200);
    await fresh.close();
  });

  it("stands beside the text on a wide screen, and the published page lists the same anchors", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "outline-wide");
    await page.setViewportSize({ width: 1800, height: 900 });
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Wide", markdown: MARKDOWN });
    await page.goto(`/w/${person.workspaceSlug}/d/${doc.id}`);
    await new EditorPage(page).waitUntilEditable();
    const column = page.getByTestId("document-outline");
    await expect.poll(() => column.getByRole("link", { name: "Goals" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: /^Contents/ }).isVisible()).toBe(false);

    await page.getByRole("link", { name: "Share" }).click();
    const sharePath = await new ShareDialog(page).createLink();
    const reader = await (await browser.newContext({ baseURL: app.url, viewport: { width: 1800, height: 900 } })).newPage();
    await reader.goto(`${sharePath}#h-next-steps`);
    const outline = reader.getByTestId("published-outline");
    expect(await outline.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "#h-goals",
      "#h-risks-and-costs",
      "#h-next-steps",
    ]);
    expect(await reader.locator("h3#h-next-steps").textContent()).toBe("Next steps");
    await expect.poll(async () => (await reader.locator("h3#h-next-steps").boundingBox())?.y ?? -1).toBeLessThan(200);
    await reader.context().close();
  });

  it("names CJK and emoji headings by their own text, in the editor and on the published page, and a link to one opens there in both", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "outline-cjk");
    await page.setViewportSize({ width: 1800, height: 900 });
    const markdown = `## 概要\n\n${filler("Summary")}\n\n## 課題\n\n${filler("Issue")}\n\n## 🎉\n\n${filler("Party")}`;
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "計画", markdown });
    const anchors = ["#h-概要", "#h-課題", "#h-🎉"];
    const hrefs = (links: Element[]) => links.map((a) => a.getAttribute("href"));
    await page.goto(`/w/${person.workspaceSlug}/d/${doc.id}`);
    await new EditorPage(page).waitUntilEditable();
    const column = page.getByTestId("document-outline");
    await expect.poll(() => column.getByRole("link").evaluateAll(hrefs)).toEqual(anchors);
    await column.getByRole("link", { name: "課題" }).click();
    await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toBe("#h-課題");

    // Opened fresh, the editor's page scrolls to the heading the link names.
    const fresh = await page.context().newPage();
    await fresh.setViewportSize({ width: 1280, height: 800 });
    await fresh.goto(`/w/${person.workspaceSlug}/d/${doc.id}#h-🎉`);
    await new EditorPage(fresh).waitUntilEditable();
    const party = new EditorPage(fresh).body().locator("h2", { hasText: "🎉" });
    await expect.poll(async () => (await party.boundingBox())?.y ?? -1).toBeLessThan(200);
    await fresh.close();

    // The published page carries the same anchors and opens at the one linked.
    await page.getByRole("link", { name: "Share" }).click();
    const sharePath = await new ShareDialog(page).createLink();
    const reader = await (await browser.newContext({ baseURL: app.url, viewport: { width: 1800, height: 900 } })).newPage();
    await reader.goto(`${sharePath}#h-課題`);
    expect(await reader.getByTestId("published-outline").getByRole("link").evaluateAll(hrefs)).toEqual(anchors);
    const issue = reader.locator('h2[id="h-課題"]');
    expect(await issue.textContent()).toBe("課題");
    await expect.poll(async () => (await issue.boundingBox())?.y ?? -1).toBeLessThan(200);
    await reader.context().close();
  });
});
