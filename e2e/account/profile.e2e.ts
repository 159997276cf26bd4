import { describe, expect, it } from "vitest";
import { ProfilePage, rgb } from "../pages/profile-page";
import { signInViaApi } from "../support/accounts";
import { signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

// The profile (docs/product.md "Screens"): a person changes their name and avatar colour and
// sees them in the account button; without SMTP the email changes at once, after the password.

const { app, browser } = withAppAndBrowser();

describe("profile", () => {
  it("changes the name and colour with the keyboard, and the account button shows both", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "profile");
    const profile = new ProfilePage(page);
    await profile.openFromAccountMenu();
    expect(await profile.nameField().inputValue()).toBe(person.name);
    const before = await profile.checkedColor();

    await profile.nameField().fill("Ada King");
    // Tab into the colour group lands on the chosen colour; an arrow key chooses the next.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(before);
    await page.keyboard.press("ArrowRight");
    const chosen = await profile.checkedColor();
    expect(chosen).not.toBe(before);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await profile.nameSection().getByRole("status").filter({ hasText: "Saved." }).waitFor();
    // The preview shows what the others will see.
    expect(await profile.nameSection().getByTestId("avatar-preview").textContent()).toContain("AK");

    await page.getByRole("link", { name: "Back to your workspace" }).click();
    await page.waitForURL(`**/w/${person.workspaceSlug}`);
    await expect.poll(() => profile.accountButton().textContent()).toContain("Ada King");
    expect(await profile.accountButton().textContent()).toContain("AK");
    expect(await profile.accountAvatarColor()).toBe(rgb(chosen));

    // And it stays after a reload (stored, not just shown).
    await page.goto("/profile");
    expect(await profile.nameField().inputValue()).toBe("Ada King");
    expect(await profile.checkedColor()).toBe(chosen);
  });

  it("refuses an empty name and control characters next to the field, at 360 px in dark mode", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "narrow");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: "dark" });
    const profile = new ProfilePage(page);
    await page.goto("/profile");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await profile.nameField().fill("   ");
    await profile.nameSection().getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.locator("#field-name-error").textContent()).toBe("Enter your name.");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-name");

    await profile.nameField().fill("Ada\tKing");
    await profile.nameSection().getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.locator("#field-name-error").textContent()).toBe("Names can't hold tabs, line breaks or other control characters.");

    await page.goto(`/w/${person.workspaceSlug}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => profile.accountButton().textContent()).toContain(person.name);
  });

  it("changes the email at once after the current password when the server sends no email", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "mover");
    const other = await signedUpPage(browser, app.url, "other");
    const profile = new ProfilePage(page);
    await page.goto("/profile");
    await profile.emailSection().getByText("This server doesn't send email").waitFor();
    const email = profile.emailSection().getByLabel("New email");
    const password = profile.emailSection().getByLabel("Current password");

    await email.fill(`moved-${person.email}`);
    await password.fill("not my password");
    await profile.emailSection().getByRole("button", { name: "Change email" }).click();
    await expect.poll(() => page.locator("#field-currentPassword-error").textContent()).toBe("The password is incorrect.");

    await email.fill(other.person.email);
    await password.fill(person.password);
    await profile.emailSection().getByRole("button", { name: "Change email" }).click();
    await expect.poll(() => page.locator("#field-email-error").textContent()).toBe("Another account uses this email address.");

    await email.fill(`moved-${person.email}`);
    await password.fill(person.password);
    await profile.emailSection().getByRole("button", { name: "Change email" }).click();
    await profile.emailSection().getByText(`Saved. Sign in with moved-${person.email} from now on.`).waitFor();
    expect((await signInViaApi(app.url, { email: `moved-${person.email}`, password: person.password })).status).toBe(200);
    expect((await signInViaApi(app.url, { email: person.email, password: person.password })).status).toBe(401);
  });
});
