import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignUpPage } from "../pages/sign-up-page";
import { newPerson } from "../support/accounts";
import { newContext } from "../support/browser";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/start-app";

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
});
afterAll(() => stopAppAndBrowser(app, browser));

describe("error pages and workspace access", () => {
  it("shows the 404 page for an unknown address", async () => {
    const page = await (await newContext(browser, app.url)).newPage();
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("This page could not be found");
  });

  it("answers an address with a malformed percent-escape with the 400 page (API: the JSON shape)", async () => {
    const page = await (await newContext(browser, app.url)).newPage();
    const response = await page.goto("/w/%E0%A4%A");
    expect(response?.status()).toBe(400);
    expect(await page.getByRole("heading", { level: 2 }).textContent()).toBe("Bad Request");

    const api = await fetch(`${app.url}/api/v1/documents/%E0`);
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ error: { code: "bad_request" } });
  });

  it("shows the same 404 for another workspace as for a missing one", async () => {
    const owner = newPerson("owner");
    const stranger = newPerson("stranger");
    const ownerPage = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(ownerPage).signUp(owner);
    const strangerPage = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(strangerPage).signUp(stranger);

    for (const path of [`/w/${owner.workspaceSlug}`, `/w/${owner.workspaceSlug}/settings/members`, "/w/does-not-exist"]) {
      const response = await strangerPage.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await strangerPage.getByRole("heading", { level: 1 }).textContent()).toBe("This page could not be found");
    }
  });

  it("keeps the workspace frame for an unknown page inside a member's workspace", async () => {
    const person = newPerson("lost");
    const page = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(page).signUp(person);
    const response = await page.goto(`/w/${person.workspaceSlug}/no-such-section`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("This page could not be found");
    await page.getByRole("link", { name: "Back to the workspace" }).click();
    await page.waitForURL(`**/w/${person.workspaceSlug}`);
  });

  it("answers API errors in the JSON shape", async () => {
    const wrongMethod = await fetch(`${app.url}/api/health`, { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toContain("GET");
    expect(await wrongMethod.json()).toEqual({
      error: { code: "method_not_allowed", message: "DELETE is not allowed here. Use GET." },
    });

    const unknown = await fetch(`${app.url}/api/v1/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "not_found" } });
  });

  it("reports database reachability at /api/health", async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { reachable: true, kind: "pglite" } });
  });

  it("lets an owner rename the workspace and shows members read-only", async () => {
    const owner = newPerson("renamer");
    const page = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(page).signUp(owner);
    await page.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(`**/w/${owner.workspaceSlug}/settings`);
    await page.getByLabel("Workspace name").fill("Renamed team");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Workspace renamed.");
    await page.reload();
    expect(await page.getByLabel("Workspace name").inputValue()).toBe("Renamed team");

    await page.getByRole("link", { name: "Members" }).click();
    await page.waitForURL("**/settings/members");
    await expect.poll(() => page.getByRole("heading", { name: "1 member" }).isVisible()).toBe(true);
    expect(await page.locator("#main").getByText(owner.email).isVisible()).toBe(true);
  });

  it("creates another workspace and switches between them", async () => {
    const person = newPerson("multi");
    const page = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(page).signUp(person);
    await page.getByRole("button", { name: /Switch workspace/ }).click();
    await page.getByRole("menuitem", { name: "Create another workspace" }).click();
    await page.waitForURL("**/workspaces/new");
    await page.getByLabel("Workspace name").fill(`Second ${person.workspaceSlug}`);
    await page.getByRole("button", { name: "Create workspace" }).click();
    await page.waitForURL(`**/w/second-${person.workspaceSlug}`);

    await page.getByRole("button", { name: /Switch workspace/ }).click();
    await page.getByRole("menuitem", { name: person.workspaceName }).click();
    await page.waitForURL(`**/w/${person.workspaceSlug}`);
  });
});
