import { describe, expect, it } from "vitest";
import { signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

// Owners change the workspace's address in Settings → General; the old address keeps working
// for members (it redirects, keeping the rest of the path), and tells nobody else anything.

const { app, browser } = withAppAndBrowser();

describe("changing the workspace address", () => {
  it("moves the workspace, redirects members from the old address, and answers others 404", async () => {
    const owner = await signedUpPage(browser, app.url, "mover");
    const { page, person } = owner;
    const created = await page.request.post("/api/v1/documents", { headers: { origin: app.url }, data: { workspace: person.workspaceSlug, title: "Roadmap" } });
    const doc = (await created.json()) as { url: string };

    await page.goto(`/w/${person.workspaceSlug}/settings/general`);
    const address = page.getByLabel("Workspace address");
    expect(await address.inputValue()).toBe(person.workspaceSlug);
    const newSlug = `${person.workspaceSlug}-2027`;
    await address.fill(newSlug);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`**/w/${newSlug}/settings/general?moved=1`);
    await page.getByText("Saved. The workspace has a new address; the old one redirects here.").waitFor();

    // An old link to a document lands on the same document at the new address.
    await page.goto(doc.url);
    expect(new URL(page.url()).pathname).toBe(doc.url.replace(`/w/${person.workspaceSlug}/`, `/w/${newSlug}/`));
    await page.getByLabel("Title", { exact: true }).waitFor();

    const stranger = await signedUpPage(browser, app.url, "stranger");
    const response = await stranger.page.goto(`/w/${person.workspaceSlug}/settings`);
    expect(response?.status()).toBe(404);
  });

  it("refuses an address another workspace uses, next to the field", async () => {
    const first = await signedUpPage(browser, app.url, "first");
    const second = await signedUpPage(browser, app.url, "second");
    await second.page.goto(`/w/${second.person.workspaceSlug}/settings/general`);
    await second.page.getByLabel("Workspace address").fill(first.person.workspaceSlug);
    await expect.poll(() => second.page.locator("#field-slug-error").textContent()).toBe("This address is taken. Choose another.");
    await second.page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => second.page.locator("#field-slug-error").textContent()).toBe("This address is taken. Choose another.");
    expect(new URL(second.page.url()).pathname).toBe(`/w/${second.person.workspaceSlug}/settings/general`);
  });
});
