import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@test/free-port";
import type { SmtpSink } from "@test/smtp-sink";
import { startSmtpSink } from "@test/smtp-sink";
import { RECLAIMED_MESSAGE } from "@/shared/address-confirmation";
import { MemberSettingsPage } from "../pages/member-settings-page";
import { SignUpPage } from "../pages/sign-up-page";
import type { Person } from "../support/accounts";
import { newPerson, signInViaApi } from "../support/accounts";
import { axeViolations } from "../support/axe";
import { launchBrowser, newContext } from "../support/browser";
import type { RunningOidcProvider } from "../support/oidc-provider";
import { sessionUser, signInAtProvider, startOidcProvider } from "../support/oidc-provider";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";

// A workspace's own provider, set up by its admin in Settings → Authentication, and linking a
// confirmed password account by the provider's verified email. Real OpenID Connect providers
// (oidc-provider) on local ports; mail goes to an SMTP sink, so sign-ups are confirmed by email.
let app: RunningApp;
let instanceIdp: RunningOidcProvider;
let workspaceIdp: RunningOidcProvider | undefined;
let browser: Browser;
let sink: SmtpSink;
/** The workspace link to its provider's sign-in, once the first test has set the provider up. */
let workspaceSignInLink = "";

beforeAll(async () => {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  [instanceIdp, sink] = await Promise.all([startOidcProvider([`${appUrl}/api/auth/callback/sso`]), startSmtpSink()]);
  [app, browser] = await Promise.all([
    startApp({
      port,
      env: {
        PUBLIC_URL: appUrl,
        SMTP_URL: sink.url,
        SSO_ISSUER: instanceIdp.issuer,
        SSO_CLIENT_ID: instanceIdp.clientId,
        SSO_CLIENT_SECRET: instanceIdp.clientSecret,
        SSO_LABEL: "Company Login",
      },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await stopApp(app);
  await Promise.all([instanceIdp?.stop(), workspaceIdp?.stop(), sink?.close()]);
});

/** Signs `person` up through the form and opens the link the sink received: signed in, on the new workspace. */
async function confirmedSignUp(person: Person): Promise<Page> {
  const page = await (await newContext(browser, app.url)).newPage();
  const form = new SignUpPage(page);
  await form.open();
  await form.fill(person);
  await form.submit();
  await page.waitForURL("**/signup/check-email");
  const verifyLink = /http:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+/;
  await expect.poll(() => sink.mailsTo(person.email).some((mail) => verifyLink.test(mail))).toBe(true);
  await page.goto(verifyLink.exec(sink.mailsTo(person.email).find((mail) => verifyLink.test(mail)) ?? "")?.[0] ?? "");
  await page.waitForURL(`**/w/${person.workspaceSlug}`);
  return page;
}

/** axe on what `page` shows now, in light and dark, at 1280 and 360 px: each line names the variant. */
async function axeInEveryScheme(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    for (const width of [1280, 360]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 800 });
      for (const line of await axeViolations(page)) found.push(`${name}, ${colorScheme} ${width} px: ${line}`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}

describe("a workspace's own provider", () => {
  it("is set up in Settings → Authentication; a newcomer signing in through the workspace's link joins with its default role", async () => {
    const admin = newPerson("ssoadmin");
    const page = await confirmedSignUp(admin);
    await page.goto(`/w/${admin.workspaceSlug}/settings/authentication`);
    await page.getByRole("heading", { name: "Single sign-on" }).waitFor();
    const redirectUri = await page.getByLabel("Redirect URI").inputValue();
    const workspaceId = /\/api\/auth\/callback\/workspace-([0-9a-f-]{36})$/.exec(redirectUri)?.[1];
    expect(redirectUri).toBe(`${app.url}/api/auth/callback/workspace-${workspaceId}`);
    expect(await axeInEveryScheme(page, "settings authentication, empty")).toEqual([]);

    // The provider the workspace's IT would run, registered with the address the page shows.
    workspaceIdp = await startOidcProvider([redirectUri]);
    await page.getByLabel("Button label").fill("Acme Login");
    await page.getByLabel("Issuer URL").fill("login.acme.test");
    await page.getByLabel("Client ID").fill(workspaceIdp.clientId);
    await page.getByLabel("Client secret").fill(workspaceIdp.clientSecret);
    await page.getByLabel("Role of people who join by signing in").selectOption("commenter");
    await page.getByRole("button", { name: "Add provider" }).click();
    await expect.poll(() => page.locator("#field-issuer-error").textContent()).toContain("Enter the issuer's address");
    // The form came back with the typed values but never the secret: it is typed again.
    expect(await page.getByLabel("Client secret").inputValue()).toBe("");
    await page.getByLabel("Issuer URL").fill(workspaceIdp.issuer);
    await page.getByLabel("Client secret").fill(workspaceIdp.clientSecret);
    await page.getByRole("button", { name: "Add provider" }).click();
    await page.getByText("Saved. The secret is stored and won't be shown again.").waitFor();
    const signInLink = await page.getByTestId("sso-sign-in-link").inputValue();
    expect(signInLink).toBe(`${app.url}/login?workspace=${admin.workspaceSlug}`);
    workspaceSignInLink = signInLink;
    // Saved: the secret field is empty and says it is kept.
    await page.reload();
    expect(await page.getByLabel("Client secret").inputValue()).toBe("");
    expect(await page.getByLabel("Issuer URL").inputValue()).toBe(workspaceIdp.issuer);
    expect(await page.content()).not.toContain(workspaceIdp.clientSecret);
    expect(await axeInEveryScheme(page, "settings authentication, with a provider")).toEqual([]);

    // Someone the workspace's provider knows, and Quire doesn't yet.
    const newcomer = { login: "newcomer", email: `newcomer-${workspaceId?.slice(0, 8)}@acme.test`, name: "Nora Newcomer" };
    workspaceIdp.people.set(newcomer.login, { email: newcomer.email, name: newcomer.name, emailVerified: true });
    const visitor = await (await newContext(browser, app.url)).newPage();
    await visitor.goto(signInLink);
    await visitor.getByRole("heading", { name: `Sign in to ${admin.workspaceName}` }).waitFor();
    expect(await axeInEveryScheme(visitor, "sign-in through the workspace's link")).toEqual([]);
    await signInAtProvider(visitor, { idp: workspaceIdp, appUrl: app.url, label: "Acme Login", login: newcomer.login });
    await visitor.waitForURL(`**/w/${admin.workspaceSlug}`);
    expect((await sessionUser(visitor))?.email).toBe(newcomer.email);
    // In the workspace: its sidebar, not a 404 or the new-workspace page.
    await visitor.locator("aside").getByText(admin.workspaceName).first().waitFor();

    const members = new MemberSettingsPage(page, admin.workspaceSlug);
    await members.openMembers();
    await members.memberRow(newcomer.name).waitFor();
    expect(await members.roleMenu(newcomer.name).inputValue()).toBe("commenter");
    // Recorded in the workspace's audit log: the join (with its role) and the sign-in.
    await page.goto(`/w/${admin.workspaceSlug}/settings/audit-log`);
    const events = page.getByRole("listitem").filter({ hasText: newcomer.email });
    await events.filter({ hasText: "Signed in" }).filter({ hasText: "via single sign-on" }).first().waitFor();
    await events.filter({ hasText: "Joined" }).first().waitFor();
  });

  it("never signs into an account it did not create, whatever address it vouches for", async () => {
    // Anyone may run a workspace and its provider: one that claims someone else's address as
    // verified must not get their account (the instance's provider, the operator's, may link).
    const victim = newPerson("victim");
    await confirmedSignUp(victim);
    expect(workspaceIdp && workspaceSignInLink).toBeTruthy();
    workspaceIdp?.people.set("impostor", { email: victim.email, name: "Not The Victim", emailVerified: true });
    const page = await (await newContext(browser, app.url)).newPage();
    await page.goto(workspaceSignInLink);
    await signInAtProvider(page, { idp: workspaceIdp as RunningOidcProvider, appUrl: app.url, label: "Acme Login", login: "impostor" });
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("a workspace's own sign-in provider signs in only the accounts it created");
    expect(await sessionUser(page)).toBeNull();
    expect((await signInViaApi(app.url, victim)).status).toBe(200);
  });

  it("makes accounts that can't take another workspace's invitation: their address is only its word", async () => {
    const other = newPerson("otherteam");
    const owner = await confirmedSignUp(other);
    const address = `claimed-${other.workspaceSlug}@acme.test`;
    const invitations = new MemberSettingsPage(owner, other.workspaceSlug);
    await invitations.openInvitations();
    const link = await invitations.invite(address, "editor");

    workspaceIdp?.people.set("claimer", { email: address, name: "Claims The Address", emailVerified: true });
    const page = await (await newContext(browser, app.url)).newPage();
    await page.goto(workspaceSignInLink);
    await signInAtProvider(page, { idp: workspaceIdp as RunningOidcProvider, appUrl: app.url, label: "Acme Login", login: "claimer" });
    await expect.poll(async () => (await sessionUser(page))?.email).toBe(address);
    await page.goto(link);
    await page.getByRole("button", { name: /Join|Accept/ }).click();
    await page.getByText("Your account was made by another workspace's sign-in provider, which can't prove this address is yours.").waitFor();
    await page.goto(`/w/${other.workspaceSlug}`);
    await page.getByRole("heading", { name: /not found|could not be found/i }).first().waitFor();
  });
});

describe("an address a workspace's provider registered first", () => {
  /** Someone signs in through the workspace's provider, which vouches for `address` (verified, it claims): the account it makes. */
  async function registeredFirst(address: string, login: string): Promise<Page> {
    workspaceIdp?.people.set(login, { email: address, name: "Registered First", emailVerified: true });
    const squatter = await (await newContext(browser, app.url)).newPage();
    await squatter.goto(workspaceSignInLink);
    await signInAtProvider(squatter, { idp: workspaceIdp as RunningOidcProvider, appUrl: app.url, label: "Acme Login", login });
    await expect.poll(async () => (await sessionUser(squatter))?.email).toBe(address);
    return squatter;
  }

  /** The address's owner can't sign up with it: "Forgot password?" mails its inbox a link, and they set a password. */
  async function resetByOwner(address: string, password: string): Promise<Page> {
    const owner = await (await newContext(browser, app.url)).newPage();
    await owner.goto("/forgot-password");
    await owner.getByLabel("Email").fill(address);
    await owner.getByRole("button", { name: "Send reset link" }).click();
    const resetLink = /http:\/\/[^\s"<]+\/reset-password\?token=[A-Za-z0-9_-]+/;
    await expect.poll(() => sink.mailsTo(address).some((mail) => resetLink.test(mail))).toBe(true);
    await owner.goto(resetLink.exec(sink.mailsTo(address).find((mail) => resetLink.test(mail)) ?? "")?.[0] ?? "");
    await owner.getByLabel("New password").fill(password);
    await owner.getByRole("button", { name: "Set new password" }).click();
    return owner;
  }

  /** The provider vouches for the address again: it can't link to the account it no longer signs in to. */
  async function expectProviderRefused(login: string): Promise<void> {
    const again = await (await newContext(browser, app.url)).newPage();
    await again.goto(workspaceSignInLink);
    await signInAtProvider(again, { idp: workspaceIdp as RunningOidcProvider, appUrl: app.url, label: "Acme Login", login });
    await expect.poll(() => new URL(again.url()).pathname).toBe("/login");
    await expect.poll(() => again.getByRole("alert").first().textContent()).toContain("a workspace's own sign-in provider signs in only the accounts it created");
    expect(await sessionUser(again)).toBeNull();
  }

  it("goes back to its owner: the reset reclaims the account, so that provider no longer signs in to it, for good", async () => {
    // This test used to end at the review below: the reset kept the provider for the owner to
    // remove. Only the provider's word stood for the address, so the reset now reclaims the account.
    const address = `registered-first-${Math.random().toString(36).slice(2, 8)}@acme.test`;
    const squatter = await registeredFirst(address, "squatter");
    const password = "the owner's own passphrase";
    const owner = await resetByOwner(address, password);
    await owner.waitForURL("**/login?reset=reclaimed");
    await owner.getByRole("status").filter({ hasText: RECLAIMED_MESSAGE }).waitFor();
    // The reset signed the squatter out.
    expect(await sessionUser(squatter)).toBeNull();

    await owner.getByLabel("Email").fill(address);
    await owner.getByLabel("Password").fill(password);
    await owner.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => new URL(owner.url()).pathname).not.toBe("/login");
    await owner.goto("/profile/security#sign-in-methods");
    const methods = owner.getByTestId("sign-in-methods");
    await methods.getByTestId("sign-in-method").first().waitFor();
    expect(await methods.getByTestId("sign-in-method").allTextContents()).toEqual([expect.stringMatching(/^Password/)]);
    await expectProviderRefused("squatter");
  });

  it("the instance's provider also vouches for: the reset leaves the providers for the owner to review, and Sign-in methods removes one for good", async () => {
    const address = `vouched-twice-${Math.random().toString(36).slice(2, 8)}@acme.test`;
    await registeredFirst(address, "registrar");
    // The instance's provider (the operator's) vouches for the same address: it links, so the
    // address is not only the workspace provider's word, and a reset reclaims nothing.
    instanceIdp.people.set("vouched-twice", { email: address, name: "Vouched Twice", emailVerified: true });
    const linked = await (await newContext(browser, app.url)).newPage();
    await linked.goto("/login");
    await signInAtProvider(linked, { idp: instanceIdp, appUrl: app.url, label: "Company Login", login: "vouched-twice" });
    await expect.poll(async () => (await sessionUser(linked))?.email).toBe(address);

    const password = "the owner's own passphrase";
    const owner = await resetByOwner(address, password);
    await owner.getByText("A workspace's own sign-in provider can also sign in to this account.").waitFor();
    await owner.getByLabel("Email").fill(address);
    await owner.getByLabel("Password").fill(password);
    await owner.getByRole("button", { name: "Sign in", exact: true }).click();
    await owner.waitForURL("**/profile/security#sign-in-methods");
    const methods = owner.getByTestId("sign-in-methods");
    const provider = methods.getByTestId("sign-in-method").filter({ hasText: "Acme Login" });
    await provider.getByText(/The sign-in provider of the workspace “.+”\./).waitFor();
    expect(await methods.getByTestId("sign-in-method").allTextContents()).toEqual([expect.stringMatching(/^Password/), expect.stringMatching(/^Company Login/), expect.stringMatching(/^Acme Login/)]);
    expect(await axeInEveryScheme(owner, "security, sign-in methods")).toEqual([]);
    await provider.getByRole("button", { name: "Remove Acme Login" }).click();
    const dialog = owner.getByRole("dialog", { name: "Remove this sign-in method?" });
    await dialog.getByRole("button", { name: "Remove sign-in method" }).click();
    await methods.getByRole("status").filter({ hasText: "Removed Acme Login: it no longer signs in to your account." }).waitFor();
    await expect.poll(() => methods.getByTestId("sign-in-method").count()).toBe(2);
    expect(await sessionUser(owner)).toMatchObject({ email: address });
    await expectProviderRefused("registrar");
  });
});

describe("an existing password account", () => {
  it("whose address is confirmed is linked by the provider's verified email instead of duplicated", async () => {
    const person = newPerson("linked");
    const own = await confirmedSignUp(person);
    const accountId = (await sessionUser(own))?.id;
    expect(accountId).toBeTruthy();

    instanceIdp.people.set("linked", { email: person.email, name: "Linked At The Provider", emailVerified: true });
    const page = await (await newContext(browser, app.url)).newPage();
    await page.goto("/login");
    expect(await axeInEveryScheme(page, "sign-in with the instance's button")).toEqual([]);
    await signInAtProvider(page, { idp: instanceIdp, appUrl: app.url, label: "Company Login", login: "linked" });
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).not.toBe("/login");
    // The same account, now with both ways in.
    expect(await sessionUser(page)).toMatchObject({ id: accountId, email: person.email });
    const accounts = (await page.evaluate(async () => (await fetch("/api/auth/list-accounts")).json())) as Array<{ providerId: string }>;
    expect(accounts.map((account) => account.providerId).sort()).toEqual(["credential", "sso"]);
    expect((await signInViaApi(app.url, person)).status).toBe(200);
  });
});
