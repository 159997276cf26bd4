import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { SignUpPage } from "../pages/sign-up-page";
import { Sidebar } from "../pages/sidebar";
import { newPerson } from "../support/accounts";
import { withAppAndBrowser } from "../support/app-and-browser";

// Times show in the reader's zone everywhere, server-rendered in it once the browser has
// reported it, and never with a hydration mismatch (React error #418) in a zone that isn't UTC.

const ZONE = "America/New_York";
const inZone = (iso: string, withTime: boolean) =>
  new Intl.DateTimeFormat("en", withTime ? { dateStyle: "medium", timeStyle: "short", timeZone: ZONE } : { dateStyle: "medium", timeZone: ZONE }).format(new Date(iso));

const { app, browser } = withAppAndBrowser();

/** Every console error and uncaught exception of `page`. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

describe("times in the reader's zone", () => {
  it("shows local times on the home page and the trash in New York, with no console error, rendered by the server once known", async () => {
    const context = await browser.newContext({ baseURL: app.url, timezoneId: ZONE, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const person = newPerson("zoned");
    await new SignUpPage(page).signUp(person);
    const sidebar = new Sidebar(page);
    await sidebar.newTopLevelDocument();
    await new EditorPage(page).setTitle("Late night notes");
    await expect.poll(() => sidebar.item("Late night notes").count()).toBe(1);
    await page.goto(`/w/${person.workspaceSlug}`);

    const recent = page.locator("main time").first();
    await expect.poll(() => recent.getAttribute("datetime")).not.toBeNull();
    const iso = (await recent.getAttribute("datetime")) ?? "";
    await expect.poll(() => recent.textContent()).toBe(inZone(iso, true));
    expect(await recent.getAttribute("title")).toContain("America/New York");

    // The browser reported its zone: the server's own HTML now carries New York times.
    const html = await (await page.request.get(`/w/${person.workspaceSlug}`)).text();
    expect(html).toContain(`>${inZone(iso, true)}</time>`);

    await page.goto(`/w/${person.workspaceSlug}`);
    await sidebar.openActions("Late night notes");
    await page.getByRole("menuitem", { name: "Move to trash" }).click();
    await page.locator("aside").getByRole("link", { name: "Trash" }).click();
    await page.waitForURL("**/trash");
    const trashed = page.locator("main time").first();
    const trashedIso = (await trashed.getAttribute("datetime")) ?? "";
    await expect.poll(() => trashed.textContent()).toBe(inZone(trashedIso, true));
    await page.reload();
    await expect.poll(() => page.locator("main time").first().textContent()).toBe(inZone(trashedIso, true));

    expect(errors).toEqual([]);
    await context.close();
  });
});
