import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { totpCode, wrongTotpCode } from "@test/totp";
import { SecurityPage } from "../pages/security-page";
import { SignInPage } from "../pages/sign-in-page";
import { TwoFactorSignInPage } from "../pages/two-factor-sign-in-page";
import type { Person } from "../support/accounts";
import { signInViaApi } from "../support/accounts";
import { newContext } from "../support/browser";
import { withAppAndBrowser } from "../support/app-and-browser";
import { axeViolationsInBothSchemes } from "../support/axe";
import { createDocumentViaApi, invitedMemberPage, signedUpPage } from "../support/workspace";
import { EditorPage } from "../pages/editor-page";

// Two-factor authentication (docs/product.md "Account security"): enrol with the QR code's secret
// and a code computed here, then every sign-in asks for a code after the password; a backup code
// works once; turning off needs the password. A workspace can require it of its members.

const { app, browser } = withAppAndBrowser();

/** A fresh browser (no session) that has typed the right password: now on the code's page. */
async function passwordStep(person: Person): Promise<{ page: Page; step: TwoFactorSignInPage }> {
  const page = await (await newContext(browser, app.url)).newPage();
  await new SignInPage(page).signIn(person.email, person.password);
  const step = new TwoFactorSignInPage(page);
  await step.waitFor();
  return { page, step };
}

/** Turns two-factor on from Profile → Security; resolves to the secret and the backup codes. */
async function enrol(page: Page, person: Person): Promise<{ secret: string; backupCodes: string[] }> {
  const security = new SecurityPage(page);
  await security.openFromProfile();
  const enrolment = await security.startTwoFactor(person.password);
  expect(enrolment.secret).toMatch(/^[A-Z2-7]+$/);
  expect(enrolment.backupCodes).toHaveLength(10);
  await security.confirmTwoFactor(await wrongTotpCode(enrolment.secret));
  await security.twoFactorSection().getByText("That code is not right.").waitFor();
  await security.confirmTwoFactor(await totpCode(enrolment.secret));
  await security.twoFactorSection().getByRole("status").filter({ hasText: "Two-factor authentication is on." }).waitFor();
  await security.twoFactorSection().getByText(/^On\. Signing in asks for a code/).waitFor();
  return enrolment;
}

describe("two-factor authentication", () => {
  it("enrols, then sign-in asks for the code: a wrong one is refused, a backup code works once, and turning off needs the password", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "totp");
    const { secret, backupCodes } = await enrol(page, person);
    // The page kept working with the session better-auth replaced on confirming.
    await page.reload();
    await new SecurityPage(page).twoFactorSection().getByRole("button", { name: "Make new backup codes" }).waitFor();

    // The password alone signs nobody in, over HTTP either.
    const apiAnswer = await signInViaApi(app.url, person);
    expect(await apiAnswer.json()).toMatchObject({ twoFactorRedirect: true });

    const first = await passwordStep(person);
    await first.step.enterCode(await wrongTotpCode(secret));
    await first.step.fieldError().filter({ hasText: "That code is not right. Enter the 6-digit code your authenticator app shows now." }).waitFor();
    await first.page.goto(`/w/${person.workspaceSlug}`);
    await first.page.waitForURL("**/login?next=**");
    const again = await passwordStep(person);
    await again.step.enterCode(await totpCode(secret));
    await again.page.waitForURL(`**/w/${person.workspaceSlug}`);

    const backupCode = backupCodes[0] ?? "";
    const withBackup = await passwordStep(person);
    await withBackup.step.enterBackupCode(backupCode);
    await withBackup.page.waitForURL(`**/w/${person.workspaceSlug}`);
    const reused = await passwordStep(person);
    await reused.step.enterBackupCode(backupCode);
    await reused.step.fieldError().filter({ hasText: "That backup code is not right, or it was used already." }).waitFor();
    expect(await axeViolationsInBothSchemes(reused.page)).toEqual([]);

    // New backup codes are shown once; then turning off asks for the password.
    const security = new SecurityPage(page);
    const backupForm = security.twoFactorSection().locator("form", { has: page.getByRole("heading", { name: "Backup codes" }) });
    await backupForm.getByLabel("Your password").fill(person.password);
    await backupForm.getByRole("button", { name: "Make new backup codes" }).click();
    await security.twoFactorSection().getByTestId("backup-codes").getByRole("listitem").nth(9).waitFor();
    // The enabled state, new codes shown, passes axe in light and dark (enrolment: axe.e2e.ts).
    expect(await axeViolationsInBothSchemes(page)).toEqual([]);
    const offForm = security.twoFactorSection().locator("form", { has: page.getByRole("heading", { name: "Turn off" }) });
    await offForm.getByLabel("Your password").fill("not my password");
    await offForm.getByRole("button", { name: "Turn off two-factor authentication" }).click();
    await offForm.getByText("The password is incorrect.").waitFor();
    await offForm.getByLabel("Your password").fill(person.password);
    await offForm.getByRole("button", { name: "Turn off two-factor authentication" }).click();
    await security.twoFactorSection().getByRole("status").filter({ hasText: "Two-factor authentication is off." }).waitFor();

    const plain = await (await newContext(browser, app.url)).newPage();
    await new SignInPage(plain).signIn(person.email, person.password);
    await plain.waitForURL(`**/w/${person.workspaceSlug}`);
  });

  it("a workspace that requires it sends a member without it to enrol before they can open it", async () => {
    const owner = await signedUpPage(browser, app.url, "strict-owner");
    const member = await invitedMemberPage(browser, app.url, owner, "editor", "strict-member");
    await owner.page.goto(`/w/${owner.person.workspaceSlug}/settings/general`);
    const requirement = owner.page.getByLabel("Require two-factor authentication");
    // A controlled checkbox that stays unticked when refused: a click, not check().
    await requirement.click();
    await owner.page.getByText("Turn on two-factor authentication for your own account first").waitFor();
    expect(await requirement.isChecked()).toBe(false);

    await enrol(owner.page, owner.person);
    // The member has a document open in the live editor when the requirement comes.
    const created = await createDocumentViaApi(owner.page, app.url, owner.person.workspaceSlug, { title: "Plan", markdown: "Ship it." });
    await member.page.goto((created as unknown as { url: string }).url);
    await new EditorPage(member.page).waitUntilEditable();
    await owner.page.goto(`/w/${owner.person.workspaceSlug}/settings/general`);
    await owner.page.getByLabel("Require two-factor authentication").click();
    await owner.page.getByText("Saved. Members who sign in with a password and have no two-factor authentication will be asked to turn it on.").waitFor();
    await expect.poll(() => owner.page.getByLabel("Require two-factor authentication").isChecked()).toBe(true);

    // The socket's next access re-check closes the member's editor, saying what to do and where.
    const notice = member.page.getByTestId("collab-notice").filter({ hasText: "This workspace requires two-factor authentication. Turn it on in Profile → Security." });
    await notice.waitFor();
    expect(await axeViolationsInBothSchemes(member.page)).toEqual([]);
    await notice.getByRole("link", { name: "Turn on two-factor" }).click();
    await member.page.waitForURL(`**/profile/security?required=${owner.person.workspaceSlug}`);
    // And their next page load in the workspace goes to enrolment instead.
    await member.page.goto(`/w/${owner.person.workspaceSlug}`);
    await member.page.waitForURL(`**/profile/security?required=${owner.person.workspaceSlug}`);
    await member.page.getByText("The workspace you opened requires two-factor authentication. Turn it on to continue.").waitFor();
    // Nor does anything else of it answer them: the API (with the same session) says what to do.
    const answer = await member.page.evaluate(async (slug) => {
      const response = await fetch(`/api/v1/documents?workspace=${slug}`);
      return { status: response.status, body: (await response.json()) as unknown };
    }, owner.person.workspaceSlug);
    expect(answer).toEqual({
      status: 403,
      body: { error: { code: "forbidden", message: "This workspace requires two-factor authentication. Turn it on in Profile → Security." } },
    });
    const security = new SecurityPage(member.page);
    const { secret } = await security.startTwoFactor(member.person.password);
    await security.confirmTwoFactor(await totpCode(secret));
    await member.page.getByRole("link", { name: "Continue to the workspace" }).click();
    await member.page.waitForURL(`**/w/${owner.person.workspaceSlug}`);

    // The owner's audit log has the requirement and both enrolments.
    await owner.page.goto(`/w/${owner.person.workspaceSlug}/settings/audit-log`);
    const events = owner.page.getByRole("list", { name: "Audit events" });
    await events.getByText("Changed the two-factor requirement").first().waitFor();
    expect(await events.getByText("Turned on two-factor authentication").count()).toBe(2);
  });
});
