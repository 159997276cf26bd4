import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@test/free-port";
import { newPerson } from "../support/accounts";
import { MemberSettingsPage } from "../pages/member-settings-page";
import { launchBrowser, newContext } from "../support/browser";
import type { RunningOidcProvider } from "../support/oidc-provider";
import { sessionUser, signInAtProvider, startOidcProvider } from "../support/oidc-provider";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";

// SSO_ONLY=1: the instance's provider is the only way in. The pages offer no password form,
// sign-up or reset, and better-auth's password endpoints refuse whoever calls them directly.
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
      env: { PUBLIC_URL: appUrl, SSO_ISSUER: idp.issuer, SSO_CLIENT_ID: idp.clientId, SSO_CLIENT_SECRET: idp.clientSecret, SSO_LABEL: "Test IdP", SSO_ONLY: "1" },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await stopApp(app);
  await idp?.stop();
});

async function post(path: string, body: Record<string, string>): Promise<{ status: number; code?: string }> {
  const response = await fetch(`${app.url}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { code?: string };
  return { status: response.status, ...(answer.code ? { code: answer.code } : {}) };
}

describe("SSO_ONLY=1", () => {
  it("offers only the provider's button: no password form, no sign-up, no password reset", async () => {
    const page = await (await newContext(browser, app.url)).newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Test IdP" }).waitFor();
    expect(await page.getByLabel("Password").count()).toBe(0);
    expect(await page.getByLabel("Email").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Create account" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: /Forgot password/ }).count()).toBe(0);
    for (const path of ["/signup", "/forgot-password", "/reset-password?token=anything"]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe("/login");
    }
  });

  it("refuses the password endpoints, even with a right password's shape", async () => {
    const person = newPerson("nopassword");
    expect(await post("/sign-up/email", { name: person.name, email: person.email, password: person.password })).toEqual({ status: 403, code: "SSO_ONLY" });
    expect(await post("/sign-in/email", { email: person.email, password: person.password })).toEqual({ status: 403, code: "SSO_ONLY" });
    // Not found over HTTP at all, SSO_ONLY or not: a reset link is used through its page only (auth/disabled-auth-paths.ts).
    expect((await post("/reset-password", { token: "anything", newPassword: person.password })).status).toBe(404);
    // A passkey registered before SSO_ONLY was set lets no one in either.
    expect(await post("/passkey/verify-authentication", { response: "{}" })).toEqual({ status: 403, code: "SSO_ONLY" });
  });

  it("still signs in through the provider", async () => {
    idp.people.set("grace", { email: "grace-sso-only@example.com", name: "Grace", emailVerified: true });
    const page = await (await newContext(browser, app.url)).newPage();
    await page.goto("/login");
    await signInAtProvider(page, { idp, appUrl: app.url, label: "Test IdP", login: "grace" });
    expect((await sessionUser(page))?.email).toBe("grace-sso-only@example.com");
    // Their security page asks for no password they don't have, and offers no passkey that would be refused.
    await page.goto("/profile/security");
    await page.getByText("This Quire signs in through Test IdP only: there is no password or passkey to manage here.").waitFor();
    expect(await page.getByLabel("Current password").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Passkeys" }).count()).toBe(0);
  });

  it("sends an invitee to the provider's sign-in, not a password sign-up, and the invitation is accepted after", async () => {
    idp.people.set("heidi", { email: "heidi-owner@example.com", name: "Heidi", emailVerified: true });
    idp.people.set("ivan", { email: "ivan-invited@example.com", name: "Ivan", emailVerified: true });
    const owner = await (await newContext(browser, app.url)).newPage();
    await owner.goto("/login");
    await signInAtProvider(owner, { idp, appUrl: app.url, label: "Test IdP", login: "heidi" });
    await owner.goto("/workspaces/new");
    await owner.getByLabel("Workspace name").fill("Heidi's team");
    await owner.getByRole("button", { name: "Create workspace" }).click();
    await owner.waitForURL((url) => /^\/w\/[^/]+$/.test(url.pathname));
    const settings = new MemberSettingsPage(owner, new URL(owner.url()).pathname.split("/")[2] ?? "");
    await settings.openInvitations();
    const link = await settings.invite("ivan-invited@example.com", "editor");

    const invitee = await (await newContext(browser, app.url)).newPage();
    await invitee.goto(link);
    await invitee.getByText("Sign in through Test IdP with that address to accept.").waitFor();
    expect(await invitee.getByRole("link", { name: "Create an account" }).count()).toBe(0);
    await invitee.getByRole("link", { name: "Sign in" }).click();
    await invitee.waitForURL((url) => url.pathname === "/login");
    await signInAtProvider(invitee, { idp, appUrl: app.url, label: "Test IdP", login: "ivan" });
    await invitee.waitForURL((url) => url.pathname === new URL(link).pathname);
    await invitee.getByRole("button", { name: /Join|Accept/ }).click();
    await invitee.waitForURL((url) => /^\/w\/[^/]+$/.test(url.pathname));
  });
});
