import { describe, expect, it } from "vitest";
import { SignUpPage } from "../pages/sign-up-page";
import { newPerson } from "../support/accounts";
import { newContext } from "../support/browser";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

describe("look", () => {
  it("follows a dark system theme and can be switched to light", async () => {
    const page = await (await newContext(browser, app.url, { colorScheme: "dark" })).newPage();
    await page.goto("/");
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitemradio", { name: "Light" }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
  });

  it("uses the one web font with system fallbacks", async () => {
    const page = await (await newContext(browser, app.url)).newPage();
    await page.goto("/");
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family).toMatch(/^inter, .*system-ui.*sans-serif$/i);
  });

  it("fits a 360 px window, with the sidebar in a drawer", async () => {
    const person = newPerson("narrow");
    const page = await (await newContext(browser, app.url, { width: 360 })).newPage();
    await new SignUpPage(page).signUp(person);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Open navigation" }).click();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await drawer.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/settings");
    await expect.poll(() => drawer.isVisible()).toBe(false);
  });
});
