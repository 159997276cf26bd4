import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SecurityPage } from "../pages/security-page";
import { newPerson } from "../support/accounts";
import { newContext } from "../support/browser";
import { withAppAndBrowser } from "../support/app-and-browser";
import { axeViolationsInBothSchemes } from "../support/axe";
import { SignUpPage } from "../pages/sign-up-page";

// Passkeys (docs/product.md "Account security") with Chromium's virtual authenticator (the DevTools
// protocol's WebAuthn domain). WebAuthn refuses IP addresses as relying parties, and without
// PUBLIC_URL passkeys are bound to "localhost": the browser reaches the test server as localhost.

const { app, browser } = withAppAndBrowser();

function localhostUrl(): string {
  const url = new URL(app.url);
  url.hostname = "localhost";
  return url.origin;
}

/** A platform authenticator that holds discoverable credentials and verifies the user without asking. */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return cdp;
}

describe("passkeys", () => {
  it("registers a passkey with the virtual authenticator, renames it, signs in with it, and once removed it no longer signs in", async () => {
    const person = newPerson("passkey");
    const page = await (await newContext(browser, localhostUrl())).newPage();
    await addVirtualAuthenticator(page);
    await new SignUpPage(page).signUp(person);
    const security = new SecurityPage(page);
    await security.openFromProfile();
    await security.passkeysSection().getByText("You have no passkeys yet.").waitFor();

    await security.passkeysSection().getByLabel("Name for a new passkey").fill("Test laptop");
    await security.passkeysSection().getByRole("button", { name: "Add a passkey" }).click();
    await security.passkeysSection().getByRole("status").filter({ hasText: "Added the passkey “Test laptop”." }).waitFor();
    await expect.poll(() => security.passkeys().count()).toBe(1);

    await security.passkeys().getByRole("button", { name: "Rename Test laptop" }).click();
    await security.passkeys().getByLabel("New name").fill("Work laptop");
    await security.passkeys().getByRole("button", { name: "Save" }).click();
    await security.passkeys().getByRole("button", { name: "Rename Work laptop" }).waitFor();
    expect(await axeViolationsInBothSchemes(page)).toEqual([]);

    // Signed out (the session cookie gone), the passkey alone signs in.
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(`**/w/${person.workspaceSlug}`);

    await security.openFromProfile();
    await security.passkeys().getByRole("button", { name: "Remove Work laptop" }).click();
    await page.getByRole("dialog", { name: "Remove this passkey?" }).getByRole("button", { name: "Remove passkey" }).click();
    await security.passkeysSection().getByText("You have no passkeys yet.").waitFor();

    // The authenticator still holds it, but the server no longer knows it.
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.getByText("This passkey is not registered with any account here.").waitFor();
    expect(page.url()).toContain("/login");
  });

  it("at an address passkeys are not bound to (an IP), says where they work instead of offering to add one", async () => {
    const person = newPerson("passkey-ip");
    const page = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(page).signUp(person);
    const security = new SecurityPage(page);
    await security.openFromProfile();
    await security.passkeysSection().getByText("Passkeys can be added only at this server’s public address").waitFor();
    expect(await security.passkeysSection().getByRole("button", { name: "Add a passkey" }).count()).toBe(0);
  });
});
