import { describe, expect, it } from "vitest";
import { SignInPage } from "../pages/sign-in-page";
import { SignUpPage } from "../pages/sign-up-page";
import { newPerson } from "../support/accounts";
import { newContext } from "../support/browser";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

describe("accounts", () => {
  it("signs up into a new workspace, signs out, and signs back in", async () => {
    const person = newPerson("ada");
    const page = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(page).signUp(person);
    await expect.poll(() => page.getByRole("heading", { name: /Welcome, Test/ }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: /Switch workspace/ }).textContent()).toContain(person.workspaceName);

    await page.getByRole("button", { name: `${person.name} ${person.email} — Account menu` }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL("**/login");

    // Signed out: a workspace page asks for sign-in and comes back to that page after it.
    await page.goto(`/w/${person.workspaceSlug}/settings/members`);
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`**/w/${person.workspaceSlug}/settings/members`);

    // `/` sends a signed-in person to their last workspace.
    await page.goto("/");
    await page.waitForURL(`**/w/${person.workspaceSlug}`);
  });

  it("says so when the password is wrong", async () => {
    const person = newPerson("wrongpw");
    const page = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(page).signUp(person);
    const fresh = await (await newContext(browser, app.url)).newPage();
    const signIn = new SignInPage(fresh);
    await signIn.signIn(person.email, "not-the-password");
    await expect.poll(() => signIn.formMessage().textContent()).toBe("The email or password is incorrect.");
    expect(await fresh.getByLabel("Email").inputValue()).toBe(person.email); // kept for the next try
    expect(new URL(fresh.url()).pathname).toBe("/login");
  });
});
