import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ProfilePage } from "../pages/profile-page";
import { SecurityPage } from "../pages/security-page";
import { withAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

// A form sent from the keyboard keeps the focus on the page (docs/product.md "Keyboard and screen
// readers"; WCAG 2.4.3): refused, on its first wrong field; saved, where it was.

const { app, browser } = withAppAndBrowser();

const focusedId = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? "body" : (document.activeElement?.id ?? "")));

describe("focus after a form is sent", () => {
  it("two-factor: a wrong password sent from the button focuses the password field, marked wrong", async () => {
    const { page } = await signedUpPage(browser, app.url, "twofocus");
    const security = new SecurityPage(page);
    await page.goto("/profile/security");
    const section = security.twoFactorSection();
    await section.getByLabel("Your password").fill("not my password");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Turn on two-factor authentication");
    await page.keyboard.press("Enter");
    await section.getByText("The password is incorrect.").waitFor();
    await expect.poll(() => focusedId(page)).toBe("field-password");
    expect(await section.getByLabel("Your password").getAttribute("aria-invalid")).toBe("true");
  });

  it("profile: the name field keeps the focus after saving (it used to be replaced by a new one)", async () => {
    const { page } = await signedUpPage(browser, app.url, "namefocus");
    const profile = new ProfilePage(page);
    await page.goto("/profile");
    await profile.nameField().fill("");
    await profile.nameField().press("Enter");
    await expect.poll(() => page.locator("#field-name-error").textContent()).toBe("Enter your name.");
    expect(await focusedId(page)).toBe("field-name");

    await page.keyboard.type("Kay Bee");
    await page.keyboard.press("Enter");
    await profile.nameSection().getByRole("status").filter({ hasText: "Saved." }).waitFor();
    await expect.poll(() => focusedId(page)).toBe("field-name");
    expect(await profile.nameField().inputValue()).toBe("Kay Bee");

    await page.reload();
    expect(await profile.nameField().inputValue()).toBe("Kay Bee");
  });
});
