import { describe, expect, it } from "vitest";
import { withAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

const { app, browser } = withAppAndBrowser();

const UNREACHABLE = "Can't reach Quire. Check your connection, then try again";

// A server action that gets no answer (offline, server down) rejects in the browser: awaited bare,
// it replaced the whole page with "Application error" and lost what was typed (src/lib/reach-server.ts).
describe("a server action with no answer", () => {
  it("leaves Settings → General as it was, with the typed name and a message, and saves once back", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "no-answer-settings");
    await page.goto(`/w/${person.workspaceSlug}/settings/general`);
    const name = page.getByLabel("Workspace name");
    await name.fill("Renamed with no answer");

    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: UNREACHABLE }).waitFor();
    expect(await name.inputValue()).toBe("Renamed with no answer");
    expect(await page.getByText("Application error").count()).toBe(0);
    await page.getByRole("navigation").first().waitFor();

    await page.context().setOffline(false);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved.", { exact: true }).waitFor();
    expect(await name.inputValue()).toBe("Renamed with no answer");
  });

  it("leaves the workspace home as it was when \"New document\" gets none, and creates once back", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "no-answer-new-document");
    await page.goto(`/w/${person.workspaceSlug}`);
    const button = page.getByRole("main").getByRole("button", { name: "New document" });
    await button.waitFor();

    await page.context().setOffline(true);
    await button.click();
    await page.getByRole("main").getByRole("alert").filter({ hasText: UNREACHABLE }).waitFor();
    expect(await page.getByText("Application error").count()).toBe(0);
    expect(await button.isVisible()).toBe(true);

    await page.context().setOffline(false);
    await button.click();
    await page.waitForURL(/\/d\//);
  });
});
