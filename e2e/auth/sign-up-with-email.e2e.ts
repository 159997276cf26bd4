import { describe, expect, it } from "vitest";
import { unconfirmedSignInMessage } from "@/shared/address-confirmation";
import { MemberSettingsPage } from "../pages/member-settings-page";
import { SignUpPage } from "../pages/sign-up-page";
import { newPerson, signInViaApi } from "../support/accounts";
import { newContext } from "../support/browser";
import { withSmtpAppAndBrowser } from "../support/app-with-smtp";

// With SMTP_URL set, the sign-up form answers a new address and a taken one alike ("Check your
// email"), so it can't be used to learn who has an account; the email finishes the sign-up.

const { app, browser, sink } = withSmtpAppAndBrowser();

const VERIFY_LINK = /http:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+/;

function linkIn(address: string, pattern: RegExp): string | undefined {
  const body = sink.mailsTo(address)[0];
  return body ? pattern.exec(body)?.[0] : undefined;
}

describe("sign-up with SMTP set up", () => {
  it("sends a new address to its inbox, and the emailed link signs in and opens the new workspace", async () => {
    const person = newPerson("mailed");
    const page = await (await newContext(browser, app.url)).newPage();
    const form = new SignUpPage(page);
    await form.open();
    await form.fill(person);
    await form.submit();
    await page.waitForURL("**/signup/check-email");
    await page.getByRole("heading", { name: "Check your email" }).waitFor();

    await expect.poll(() => linkIn(person.email, /http:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+/)).toBeDefined();
    await page.goto(linkIn(person.email, /http:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+/) ?? "");
    await page.waitForURL(`**/w/${person.workspaceSlug}`);
    // Signed in: the workspace's sidebar, not the sign-in page.
    await page.locator("aside").getByRole("button", { name: "New document", exact: true }).waitFor();
  });

  it("answers a taken address exactly the same way, and emails its owner instead", async () => {
    const owner = newPerson("owner");
    const first = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(first).open();
    await new SignUpPage(first).fill(owner);
    await new SignUpPage(first).submit();
    await first.waitForURL("**/signup/check-email");

    const page = await (await newContext(browser, app.url)).newPage();
    const form = new SignUpPage(page);
    await form.open();
    await form.fill({ ...newPerson("prober"), email: owner.email });
    await form.submit();
    await page.waitForURL("**/signup/check-email");
    expect(await page.getByText("already exists").count()).toBe(0);
    await expect.poll(() => sink.received.filter((received) => received.to.includes(`<${owner.email}>`)).length).toBe(2);
    expect(sink.received.at(-1)?.data).toMatch(/Subject: You already have a Quire account/);
    expect(sink.mailsTo(owner.email).at(-1)).toContain(`${new URL(app.url).origin}/forgot-password`);
  });

  // QA: an account signed up with someone else's address signed in with its password without ever
  // opening the confirmation email, and took the invitations sent to that address.
  it("refuses a password until the address is confirmed, says so, and mails a new link that confirms it and signs in", async () => {
    const person = newPerson("unconfirmed");
    const page = await (await newContext(browser, app.url)).newPage();
    const form = new SignUpPage(page);
    await form.open();
    await form.fill(person);
    await form.submit();
    await page.waitForURL("**/signup/check-email");
    await page.getByText("until the address is confirmed, that sends a new link").waitFor();
    expect((await signInViaApi(app.url, person)).status).toBe(403);

    await page.getByRole("link", { name: "sign in", exact: true }).click();
    await page.waitForURL("**/login");
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: unconfirmedSignInMessage(person.email, 24) }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");

    const confirmation = () => sink.mailsTo(person.email).findLast((mail) => mail.includes("Subject: Confirm your email address for Quire"));
    await expect.poll(confirmation).toBeDefined();
    await page.goto(VERIFY_LINK.exec(confirmation() ?? "")?.[0] ?? "");
    await page.waitForURL(`**/w/${person.workspaceSlug}`);
    await page.locator("aside").getByRole("button", { name: "New document", exact: true }).waitFor();
    expect((await signInViaApi(app.url, person)).status).toBe(200);
  });

  it("has an invited person confirm the address by email too before signing in (the inviter holds the link as well)", async () => {
    const owner = newPerson("inviter");
    const ownerPage = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(ownerPage).open();
    await new SignUpPage(ownerPage).fill(owner);
    await new SignUpPage(ownerPage).submit();
    await ownerPage.waitForURL("**/signup/check-email");
    await expect.poll(() => linkIn(owner.email, VERIFY_LINK)).toBeDefined();
    await ownerPage.goto(linkIn(owner.email, VERIFY_LINK) ?? "");
    await ownerPage.waitForURL(`**/w/${owner.workspaceSlug}`);
    const settings = new MemberSettingsPage(ownerPage, owner.workspaceSlug);
    await settings.openInvitations();
    const invited = newPerson("joiner");
    const link = await settings.invite(invited.email, "editor");

    const page = await (await newContext(browser, app.url)).newPage();
    await page.goto(`/signup?invite=${link.split("/").pop()}`);
    await page.getByLabel("Your name").fill(invited.name);
    await page.getByLabel("Password").fill(invited.password);
    await page.getByRole("button", { name: "Create account and join" }).click();
    await page.waitForURL("**/signup/check-email");
    expect((await signInViaApi(app.url, invited)).status).toBe(403);

    const finish = () => sink.mailsTo(invited.email).find((mail) => mail.includes("Subject: Finish creating your Quire account"));
    await expect.poll(finish).toBeDefined();
    expect(finish()).toContain(`you have joined the workspace “${owner.workspaceName}”`);
    await page.goto(VERIFY_LINK.exec(finish() ?? "")?.[0] ?? "");
    await page.waitForURL(`**/w/${owner.workspaceSlug}`);
    await page.locator("aside").getByRole("button", { name: "New document", exact: true }).waitFor();
  });
});
