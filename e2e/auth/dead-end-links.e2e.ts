import { describe, expect, it } from "vitest";
import { withAppAndBrowser } from "../support/app-and-browser";
import { newContext } from "../support/browser";

const { app, browser } = withAppAndBrowser();

// Pages whose form can only fail say so as they open, instead of after something was typed.
describe("a sign-in step with nothing to finish", () => {
  it("sends /login/two-factor with no pending sign-in to sign-in, saying why", async () => {
    const page = await (await newContext(browser, app.url)).newPage();
    await page.goto("/login/two-factor?next=%2Fprofile");
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/profile");
    await page.getByRole("alert").filter({ hasText: "No sign-in is waiting for a code" }).waitFor();
    expect(await page.getByLabel("Code from the app").count()).toBe(0);
    await page.getByLabel("Email").waitFor();
  });

  it("says at once that a reset link is used or expired, with no password field to fill", async () => {
    const page = await (await newContext(browser, app.url)).newPage();
    await page.goto("/reset-password?token=not-a-real-token");
    await page.getByRole("alert").filter({ hasText: "This link has expired or was already used. Ask for a new one." }).waitFor();
    expect(await page.getByLabel("New password").count()).toBe(0);
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await page.waitForURL((url) => url.pathname === "/forgot-password");
  });
});
