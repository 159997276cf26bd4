import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@test/free-port";
import { startSmtpSink } from "@test/smtp-sink";
import { totpCode } from "@test/totp";
import { RECLAIMED_MESSAGE, UNCONFIRMED_SESSION_MESSAGE, UNCONFIRMED_TOKEN_MESSAGE } from "@/shared/address-confirmation";
import { ApiTokensPage } from "../pages/api-tokens-page";
import { SecurityPage } from "../pages/security-page";
import { SignInPage } from "../pages/sign-in-page";
import { signInViaApi } from "../support/accounts";
import { launchBrowser, newContext } from "../support/browser";
import type { RunningApp } from "../support/start-app";
import { newDataDir, startApp, stopApp } from "../support/start-app";
import { signedUpPage } from "../support/workspace";

// An instance that ran without SMTP, where anyone could sign up with any address, then has SMTP_URL
// set (docs/configuration.md "Email"). Someone signed up with another person's address and set the
// account up: two-factor and an API token. With SMTP on, their session and token stop acting at
// once, and the sign-in page says why; the address's owner then takes the account over by
// "Forgot password?", which removes everything the squatter set up (docs/product.md "Account security").

let app: RunningApp | undefined;
let browser: Browser;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stopApp(app);
  await sink?.close();
});

const RESET_LINK = /http:\/\/[^\s"<]+\/reset-password\?token=[A-Za-z0-9_-]+/;

describe("turning SMTP on, then a reset by the address's owner", () => {
  it("ends the squatter's session and token with a reason, and the reset removes their two-factor and token", async () => {
    const port = await freePort();
    const dataDir = newDataDir();
    app = await startApp({ dataDir, port });

    // Without SMTP: the squatter signs up with the address and sets the account up.
    const { page: squatterPage, person } = await signedUpPage(browser, app.url, "reclaim");
    const security = new SecurityPage(squatterPage);
    await security.openFromProfile();
    const { secret } = await security.startTwoFactor(person.password);
    await security.confirmTwoFactor(await totpCode(secret));
    await security.twoFactorSection().getByRole("status").filter({ hasText: "Two-factor authentication is on." }).waitFor();
    const tokens = new ApiTokensPage(squatterPage, person.workspaceSlug);
    await tokens.open();
    const token = await tokens.create({ name: "Squatter's script", scope: "read" });
    const listDocuments = () => fetch(`${app?.url}/api/v1/documents?workspace=${person.workspaceSlug}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await listDocuments()).status).toBe(200);

    // The operator sets SMTP_URL (and PUBLIC_URL, which it needs) and restarts.
    await app.stop();
    app = await startApp({ dataDir, port, smtpUrl: sink.url });

    // The session from before ends at its first use, and the sign-in page says why.
    await squatterPage.goto(`/w/${person.workspaceSlug}`);
    await squatterPage.waitForURL("**/login?unconfirmed=1**");
    await squatterPage.getByRole("alert").filter({ hasText: UNCONFIRMED_SESSION_MESSAGE }).waitFor();
    await squatterPage.goto(`/w/${person.workspaceSlug}`);
    await squatterPage.waitForURL("**/login?next=**");
    // The token is refused, saying why, and its password no longer signs in.
    const refused = await listDocuments();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { code: "unauthenticated", message: UNCONFIRMED_TOKEN_MESSAGE } });
    expect((await signInViaApi(app.url, person)).status).toBe(403);

    // The address's owner asks for a reset, and sets a password of their own from the emailed link.
    const owner = await (await newContext(browser, app.url)).newPage();
    await owner.goto("/forgot-password");
    await owner.getByLabel("Email").fill(person.email);
    await owner.getByRole("button", { name: "Send reset link" }).click();
    await owner.getByRole("status").filter({ hasText: "we sent it a link" }).waitFor();
    const resetLink = () => RESET_LINK.exec(sink.mailsTo(person.email).findLast((mail) => mail.includes("Subject: Reset your Quire password")) ?? "")?.[0];
    await expect.poll(resetLink).toBeDefined();
    await owner.goto(resetLink() ?? "");
    const ownersPassword = `${person.password}-owner`;
    await owner.getByLabel("New password").fill(ownersPassword);
    await owner.getByRole("button", { name: "Set new password" }).click();
    await owner.waitForURL("**/login?reset=reclaimed");
    await owner.getByRole("status").filter({ hasText: RECLAIMED_MESSAGE }).waitFor();

    // The new password alone signs in: the squatter's two-factor is gone, and so is their token.
    await new SignInPage(owner).signIn(person.email, ownersPassword);
    await owner.waitForURL(`**/w/${person.workspaceSlug}`);
    const revoked = await listDocuments();
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { error: { message: string } }).error.message).not.toBe(UNCONFIRMED_TOKEN_MESSAGE);
    await new SecurityPage(owner).openFromProfile();
    await new SecurityPage(owner).twoFactorSection().getByRole("button", { name: "Turn on two-factor authentication" }).waitFor();
  });
});
