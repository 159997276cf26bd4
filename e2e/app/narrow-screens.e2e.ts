import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignUpPage } from "../pages/sign-up-page";
import type { Person } from "../support/accounts";
import { newPerson } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { createDocumentViaApi } from "../support/workspace";

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
});
afterAll(() => stopAppAndBrowser(app, browser));

/** A new person signed up on a 360 px touch screen, as a phone is. */
async function phone(): Promise<{ page: Page; person: Person }> {
  const person = newPerson("phone");
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await new SignUpPage(page).signUp(person);
  return { page, person };
}

const LONG_TITLE = "Quarterly planning notes for the whole team";

describe("a 360 px touch screen", () => {
  it("shows the document tree's row actions without hovering", async () => {
    const { page, person } = await phone();
    await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Handbook", markdown: "Text" });
    await page.reload();
    await page.getByRole("button", { name: "Open navigation" }).tap();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    const actions = drawer.getByRole("button", { name: "Actions for Handbook" });
    const newInside = drawer.getByRole("button", { name: "New document inside Handbook" });
    await actions.waitFor();
    const opacity = (button: typeof actions) => button.evaluate((element) => getComputedStyle(element.parentElement ?? element).opacity);
    expect(await opacity(actions)).toBe("1");
    expect(await opacity(newInside)).toBe("1");
    await actions.tap();
    expect(await page.getByRole("menuitem", { name: "Move to trash" }).isVisible()).toBe(true);
  });

  // Closing note "Seen, and left": the offline chip wrapped onto two lines at 360 px.
  it("keeps the offline chip on one line, still saying in full that changes are kept", async () => {
    const { page, person } = await phone();
    const paragraphs = Array.from({ length: 60 }, (_, index) => `Paragraph ${index + 1}.`).join("\n\n");
    const created = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Long", markdown: paragraphs });
    await page.goto(`/w/${person.workspaceSlug}/d/${created.id}`);
    await page.locator(".document-editor [data-testid=editor-mount] .ql-editor[contenteditable=true]").waitFor();
    await page.context().setOffline(true);
    await page.getByTestId("save-status").filter({ hasText: "Offline" }).waitFor();
    await page.getByText("Paragraph 60.").scrollIntoViewIfNeeded();
    const chip = page.getByTestId("offline-banner").locator("p");
    await chip.waitFor();
    const fit = await chip.evaluate((element) => {
      const style = getComputedStyle(element);
      const frame = ["paddingTop", "paddingBottom", "borderTopWidth", "borderBottomWidth"] as const;
      const oneLine = parseFloat(style.lineHeight) + frame.reduce((sum, side) => sum + parseFloat(style[side]), 0);
      const box = element.getBoundingClientRect();
      return { height: box.height, oneLine, left: box.left, right: box.right };
    });
    expect(fit.height).toBeLessThanOrEqual(fit.oneLine + 1);
    expect(fit.left).toBeGreaterThanOrEqual(0);
    expect(fit.right).toBeLessThanOrEqual(360);
    // A screen reader reads the whole state, whatever the width shows.
    expect(await chip.textContent()).toContain("Offline — your changes are kept on this device");
    await page.context().setOffline(false);
  });

  it("keeps most of a trash row's width for the title, the buttons under it", async () => {
    const { page, person } = await phone();
    const document = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: LONG_TITLE, markdown: "Text" });
    const trashed = await page.request.delete(`/api/v1/documents/${document.id}`, { headers: { origin: app.url } });
    expect(trashed.ok()).toBe(true);
    await page.goto(`/w/${person.workspaceSlug}/trash`);
    const row = page.getByRole("listitem").filter({ hasText: "Trashed" });
    const rowBox = await row.boundingBox();
    const titleBox = await row.locator("p", { hasText: LONG_TITLE }).boundingBox();
    const restoreBox = await row.getByRole("button", { name: `Restore ${LONG_TITLE}` }).boundingBox();
    if (!rowBox || !titleBox || !restoreBox) throw new Error("trash row not shown");
    expect(titleBox.width / rowBox.width).toBeGreaterThanOrEqual(0.6);
    expect(restoreBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
  });
});
