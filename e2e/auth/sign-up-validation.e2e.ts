import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignUpPage } from "../pages/sign-up-page";
import type { Person } from "../support/accounts";
import { newPerson, signInViaApi } from "../support/accounts";
import { newContext } from "../support/browser";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";

let app: RunningApp;
let browser: Browser;
let existing: Person;
beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
  existing = newPerson("existing");
  await new SignUpPage(await (await newContext(browser, app.url)).newPage()).signUp(existing);
});
afterAll(async () => {
  await stopAppAndBrowser(app, browser);
});

async function submitSignUp(person: Person): Promise<{ page: Page; form: SignUpPage }> {
  const page = await (await newContext(browser, app.url)).newPage();
  const form = new SignUpPage(page);
  await form.open();
  await form.fill(person);
  await form.submit();
  return { page, form };
}

async function slugAvailable(slug: string): Promise<boolean> {
  const response = await fetch(`${app.url}/api/v1/workspaces/slug-availability?slug=${slug}`);
  return ((await response.json()) as { available: boolean }).available;
}

describe("sign-up validation", () => {
  it("refuses an email already used and creates nothing", async () => {
    const person = { ...newPerson("dup"), email: existing.email };
    const { page, form } = await submitSignUp(person);
    await expect.poll(() => form.fieldError("Email").textContent()).toBe(
      "An account with this email already exists. Sign in instead.",
    );
    expect(new URL(page.url()).pathname).toBe("/signup");
    expect(await page.getByLabel("Your name").inputValue()).toBe(person.name); // nothing typed is lost
    expect(await slugAvailable(person.workspaceSlug)).toBe(true);
  });

  it("refuses a 7-character password and creates nothing", async () => {
    const person = { ...newPerson("short"), password: "1234567" };
    const { form } = await submitSignUp(person);
    await expect.poll(() => form.fieldError("Password").textContent()).toBe("Use at least 8 characters.");
    expect((await signInViaApi(app.url, person)).status).toBe(401);
    expect(await slugAvailable(person.workspaceSlug)).toBe(true);
  });

  it("refuses a reserved address and creates nothing", async () => {
    const person = { ...newPerson("reserved"), workspaceSlug: "login" };
    const { form } = await submitSignUp(person);
    await expect.poll(() => form.fieldError("Workspace address").textContent()).toBe("This address is reserved. Choose another.");
    expect((await signInViaApi(app.url, person)).status).toBe(401);
  });

  it("refuses a taken address and creates nothing", async () => {
    const person = { ...newPerson("taken"), workspaceSlug: existing.workspaceSlug };
    const { page, form } = await submitSignUp(person);
    await expect.poll(() => form.fieldError("Workspace address").textContent()).toBe("This address is taken. Choose another.");
    expect(await page.getByLabel("Workspace address").inputValue()).toBe(existing.workspaceSlug);
    expect((await signInViaApi(app.url, person)).status).toBe(401);
  });

  it("suggests the address from the workspace name", async () => {
    const page = await (await newContext(browser, app.url)).newPage();
    const form = new SignUpPage(page);
    await form.open();
    await form.fill({ workspaceName: "Café Research Lab" });
    expect(await page.getByLabel("Workspace address").inputValue()).toBe("cafe-research-lab");
    await expect.poll(() => page.getByText("/w/cafe-research-lab is available.").isVisible()).toBe(true);
  });

  it("retries a failing availability check 3 times, then offers Try again", async () => {
    const page = await (await newContext(browser, app.url)).newPage();
    let calls = 0;
    await page.route("**/api/v1/workspaces/slug-availability*", (route) => {
      calls++;
      return route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"code":"unavailable","message":"down"}}' });
    });
    const form = new SignUpPage(page);
    await form.open();
    await form.fill({ workspaceSlug: "flaky-network" });
    await expect.poll(() => page.getByText("Couldn't check this address.").isVisible()).toBe(true);
    expect(calls).toBe(4);

    await page.unroute("**/api/v1/workspaces/slug-availability*");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => page.getByText("/w/flaky-network is available.").isVisible()).toBe(true);
  });
});
