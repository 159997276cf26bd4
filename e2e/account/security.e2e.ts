import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AUTH_REFUSED_TEXT } from "@/shared/protocol/close-codes";
import { EditorPage } from "../pages/editor-page";
import { SecurityPage } from "../pages/security-page";
import { Sidebar } from "../pages/sidebar";
import { SignInPage } from "../pages/sign-in-page";
import type { Person } from "../support/accounts";
import { signInViaApi } from "../support/accounts";
import { newContext } from "../support/browser";
import { withAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

// Profile → Security (docs/product.md "Account security"): a person sees where they are signed
// in and signs other devices out, at once on pages, the API and open editors; and changes their
// password. This server has no SMTP, so "Forgot password?" says it can't send a link.

const { app, browser } = withAppAndBrowser();

/** The person signed in again in a browser context of its own (another device). */
async function anotherDevice(person: Person): Promise<Page> {
  const page = await (await newContext(browser, app.url)).newPage();
  await new SignInPage(page).signIn(person.email, person.password);
  await page.waitForURL(`**/w/${person.workspaceSlug}`);
  return page;
}

describe("account security", () => {
  it("lists both devices and signs the other out: its open editor closes and its next page and API call are signed out", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "sessions");
    const other = await anotherDevice(person);
    await new Sidebar(other).newTopLevelDocument();
    const otherEditor = new EditorPage(other);
    await otherEditor.waitUntilEditable();
    const documentUrl = other.url();
    expect((await other.request.get(`/api/v1/documents/${otherEditor.documentId()}`, { headers: { origin: app.url } })).status()).toBe(200);

    const security = new SecurityPage(page);
    await security.openFromProfile();
    await expect.poll(() => security.sessions().count()).toBe(2);
    const current = security.sessions().filter({ hasText: "This device" });
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toMatch(/Headless Chrome on Linux/);
    expect(await security.sessionsSection().textContent()).toMatch(/Signed in .*Last active/);

    await security.otherSessions().getByRole("button", { name: /Sign out/ }).click();
    await security.sessionsSection().getByRole("status").filter({ hasText: "Signed out" }).waitFor();
    await expect.poll(() => security.sessions().count()).toBe(1);

    // The socket's next access re-check closes the open editor with the signed-out notice.
    await other.getByTestId("collab-notice").filter({ hasText: AUTH_REFUSED_TEXT.unauthenticated }).waitFor();
    const apiAnswer = await other.request.get(`/api/v1/documents/${otherEditor.documentId()}`, { headers: { origin: app.url } });
    expect(apiAnswer.status()).toBe(401);
    await other.goto(documentUrl);
    await other.waitForURL("**/login?next=**");
    // This device is still signed in.
    await page.reload();
    await security.sessions().first().waitFor();
    expect(await security.sessions().count()).toBe(1);
  });

  it("signs out everywhere else only after confirming", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "everywhere");
    const [second, third] = [await anotherDevice(person), await anotherDevice(person)];
    const security = new SecurityPage(page);
    await security.openFromProfile();
    await expect.poll(() => security.sessions().count()).toBe(3);

    await security.sessionsSection().getByRole("button", { name: "Sign out everywhere else" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out everywhere else?" });
    await dialog.getByText("2 other sessions will be signed out").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await security.sessions().count()).toBe(3);

    await security.sessionsSection().getByRole("button", { name: "Sign out everywhere else" }).click();
    await dialog.getByRole("button", { name: "Sign out everywhere else" }).click();
    await security.sessionsSection().getByRole("status").filter({ hasText: "Every other session is signed out." }).waitFor();
    await expect.poll(() => security.sessions().count()).toBe(1);
    for (const device of [second, third]) {
      await device.goto(`/w/${person.workspaceSlug}`);
      await device.waitForURL("**/login?next=**");
    }
  });

  it("changes the password: a wrong current one is refused, then the old one fails and the new one works", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "password");
    const other = await anotherDevice(person);
    const security = new SecurityPage(page);
    await security.openFromProfile();
    const newPassword = `${person.password}-changed`;

    await security.changePassword("not my password", newPassword, true);
    await security.passwordSection().getByText("The password is incorrect.").waitFor();
    await security.changePassword(person.password, "short", true);
    await security.passwordSection().getByText("Use at least 8 characters.").waitFor();

    await security.changePassword(person.password, newPassword, true);
    await security.passwordSection().getByRole("status").filter({ hasText: "Password changed. Every other session is signed out." }).waitFor();
    // The fields are empty again: passwords never come back from the server.
    expect(await security.passwordSection().getByLabel("Current password").inputValue()).toBe("");
    expect((await signInViaApi(app.url, person)).status).toBe(401);
    expect((await signInViaApi(app.url, { email: person.email, password: newPassword })).status).toBe(200);
    // This device stays signed in; the other one was signed out.
    await page.goto(`/w/${person.workspaceSlug}`);
    await page.waitForURL(`**/w/${person.workspaceSlug}`);
    await other.goto(`/w/${person.workspaceSlug}`);
    await other.waitForURL("**/login?next=**");
  });

  it("says this server can't send a reset link without SMTP", async () => {
    const page = await (await newContext(browser, app.url)).newPage();
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot-password");
    await page.getByText("This server can't send email, so it can't send you a link to reset your password.").waitFor();
    expect(await page.getByLabel("Email").count()).toBe(0);
  });
});
