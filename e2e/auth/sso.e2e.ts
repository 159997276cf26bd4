import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@test/free-port";
import { newPerson } from "../support/accounts";
import { launchBrowser } from "../support/browser";
import type { RunningOidcProvider } from "../support/oidc-provider";
import { signInAtProvider, sessionUser, startOidcProvider } from "../support/oidc-provider";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";

// Single sign-on against a real OpenID Connect provider (oidc-provider) on a local port: its own
// sign-in and consent pages, driven in Chromium like a person would.
let app: RunningApp;
let idp: RunningOidcProvider;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  idp = await startOidcProvider([`${appUrl}/api/auth/callback/sso`]);
  [app, browser] = await Promise.all([
    startApp({
      port,
      env: {
        PUBLIC_URL: appUrl,
        SSO_ISSUER: idp.issuer,
        SSO_CLIENT_ID: idp.clientId,
        SSO_CLIENT_SECRET: idp.clientSecret,
        SSO_LABEL: "Test IdP",
        SSO_ALLOWED_DOMAINS: "example.com, example.org",
      },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await stopApp(app);
  await idp?.stop();
});

function signInAtTestIdp(page: Page, login: string): Promise<void> {
  return signInAtProvider(page, { idp, appUrl: app.url, label: "Test IdP", login });
}

async function sessionEmail(page: Page): Promise<string | null> {
  return (await sessionUser(page))?.email ?? null;
}

describe("the instance's provider", () => {
  it("creates an account and signs in", async () => {
    const page = await browser.newPage();
    idp.people.set("ada", { email: "ada-sso@example.com", name: "Ada SSO", emailVerified: true });
    await page.goto(`${app.url}/login`);
    await signInAtTestIdp(page, "ada");
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).not.toBe("/login");
    expect(await sessionEmail(page)).toBe("ada-sso@example.com");
    // The account has no password: the security page asks for none (passkeys stay on offer).
    await page.goto(`${app.url}/profile/security`);
    await page.getByText("Your account has no password: you sign in through single sign-on.").waitFor();
    expect(await page.getByLabel("Current password").count()).toBe(0);
    await page.getByRole("heading", { name: "Passkeys" }).waitFor();
    await page.close();
  });

  it("makes an account that meets a workspace's two-factor requirement as it is, and asks it for no password anywhere", async () => {
    const page = await browser.newPage();
    idp.people.set("grace", { email: "grace-sso@example.com", name: "Grace SSO", emailVerified: true });
    await page.goto(`${app.url}/login`);
    await signInAtTestIdp(page, "grace");
    await page.waitForLoadState("load");
    expect(await sessionEmail(page)).toBe("grace-sso@example.com");

    // The profile shows the address and why it stays, not a form asking for a password.
    await page.goto(`${app.url}/profile`);
    await page.getByText("Your account has no password to confirm a change with").waitFor();
    expect(await page.getByLabel("Current password").count()).toBe(0);
    await page.goto(`${app.url}/profile/security`);
    await page.getByTestId("two-factor").getByText("Not needed: your account has no password.").waitFor();
    expect(await page.getByRole("button", { name: "Turn on two-factor authentication" }).count()).toBe(0);

    // As the owner of a new workspace, they may require two-factor, and go on using it.
    await page.goto(`${app.url}/workspaces/new`);
    await page.getByLabel("Workspace name").fill("Grace's team");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await page.waitForURL((url) => /^\/w\/[^/]+$/.test(url.pathname));
    const home = new URL(page.url()).pathname;
    await page.goto(`${app.url}${home}/settings/general`);
    await page.getByLabel("Require two-factor authentication").click();
    await page.getByText("Saved. Members who sign in with a password and have no two-factor authentication will be asked to turn it on.").waitFor();
    await page.goto(`${app.url}${home}`);
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).toBe(home);
    await page.getByRole("button", { name: "New document" }).first().waitFor();
    await page.close();
  });

  it("refuses an email domain that is not allowed, and says so", async () => {
    const page = await browser.newPage();
    idp.people.set("eve", { email: "eve@elsewhere.test", name: "Eve", emailVerified: true });
    await page.goto(`${app.url}/login`);
    await signInAtTestIdp(page, "eve");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("its domain is not allowed");
    expect(await sessionEmail(page)).toBeNull();
    await page.close();
  });

  it("does not let an unverified email from the provider take over an existing account", async () => {
    const person = newPerson("victim");
    const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ name: person.name, email: person.email, password: person.password }),
    });
    expect(signUp.status).toBe(200);
    idp.people.set("mallory", { email: person.email, name: "Mallory", emailVerified: false });
    const page = await browser.newPage();
    await page.goto(`${app.url}/login`);
    await signInAtTestIdp(page, "mallory");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("An account with this email already exists");
    expect(await sessionEmail(page)).toBeNull();
    await page.close();
  });
});
