import { describe, expect, it } from "vitest";
import { EMAIL_CONFIRMED_MESSAGE, EMAIL_LINK_FAILED_MESSAGE } from "@/shared/email-change";
import { ProfilePage } from "../pages/profile-page";
import { SignUpPage } from "../pages/sign-up-page";
import { newPerson, signInViaApi } from "../support/accounts";
import { newContext } from "../support/browser";
import { withSmtpAppAndBrowser } from "../support/app-with-smtp";

// With SMTP_URL set, a new email address must prove itself: the profile says "check your inbox",
// and the email changes only when the link sent to the new address is opened.

const { app, browser, sink } = withSmtpAppAndBrowser();

const VERIFY_LINK = /http:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+/;

function linkIn(address: string): string | undefined {
  const body = sink.mailsTo(address).at(-1);
  return body ? VERIFY_LINK.exec(body)?.[0] : undefined;
}

describe("changing the email with SMTP set up", () => {
  it("emails the new address, and the link makes it the account's", async () => {
    const person = newPerson("inbox");
    const page = await (await newContext(browser, app.url)).newPage();
    const signUp = new SignUpPage(page);
    await signUp.open();
    await signUp.fill(person);
    await signUp.submit();
    await page.waitForURL("**/signup/check-email");
    await expect.poll(() => linkIn(person.email)).toBeDefined();
    await page.goto(linkIn(person.email) ?? "");
    await page.waitForURL(`**/w/${person.workspaceSlug}`);

    const profile = new ProfilePage(page);
    await profile.openFromAccountMenu();
    await profile.emailSection().getByText("We'll email a link to the new address").waitFor();
    const newEmail = `new-${person.email}`;
    await profile.emailSection().getByLabel("New email").fill(newEmail);
    await profile.emailSection().getByLabel("Current password").fill(person.password);
    await profile.emailSection().getByRole("button", { name: "Send confirmation link" }).click();
    await profile.emailSection().getByRole("status").filter({ hasText: `Check your inbox at ${newEmail}` }).waitFor();
    // Nothing changed yet: the old address still signs in.
    expect((await signInViaApi(app.url, person)).status).toBe(200);

    await expect.poll(() => linkIn(newEmail)).toBeDefined();
    const link = linkIn(newEmail) ?? "";
    // Built on PUBLIC_URL (startApp sets it to app.url), not on whatever better-auth saw first.
    expect(new URL(link).origin).toBe(new URL(app.url).origin);
    await page.goto(link);
    await page.waitForURL("**/profile?email=confirmed");
    await page.getByText(EMAIL_CONFIRMED_MESSAGE).waitFor();
    await profile.emailSection().getByText(newEmail, { exact: true }).waitFor();
    expect((await signInViaApi(app.url, { email: newEmail, password: person.password })).status).toBe(200);

    // The same link again changes nothing, and says so (it said "confirmed" with better-auth's error in the address).
    await page.goto(link);
    await page.waitForURL("**/profile?email=confirmed&error=*");
    await profile.emailSection().getByRole("alert").filter({ hasText: EMAIL_LINK_FAILED_MESSAGE }).waitFor();
    expect(await page.getByText(EMAIL_CONFIRMED_MESSAGE).count()).toBe(0);
  });
});
