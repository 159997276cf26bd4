import type { Page } from "playwright-core";

/** /profile/security: two-factor, the password form, passkeys and the session list. */
export class SecurityPage {
  constructor(readonly page: Page) {}

  /** Opens it from the profile's Security section, the way people reach it. */
  async openFromProfile() {
    await this.page.goto("/profile");
    await this.page.getByRole("link", { name: "Password and sessions" }).click();
    await this.page.waitForURL("**/profile/security");
    await this.page.getByRole("heading", { name: "Security", level: 1 }).waitFor();
  }

  passwordSection() {
    return this.page.getByRole("region", { name: "Password" });
  }

  sessionsSection() {
    return this.page.getByRole("region", { name: "Sessions" });
  }

  sessions() {
    return this.sessionsSection().getByTestId("session");
  }

  /** The listed sessions that are not this device. */
  otherSessions() {
    return this.sessions().filter({ hasNotText: "This device" });
  }

  async changePassword(currentPassword: string, newPassword: string, signOutOthers: boolean) {
    const section = this.passwordSection();
    await section.getByLabel("Current password").fill(currentPassword);
    await section.getByLabel("New password").fill(newPassword);
    await section.getByLabel(/Sign out everywhere else/).setChecked(signOutOthers);
    await section.getByRole("button", { name: "Change password" }).click();
  }

  twoFactorSection() {
    return this.page.getByRole("region", { name: "Two-factor authentication" });
  }

  passkeysSection() {
    return this.page.getByRole("region", { name: "Passkeys" });
  }

  passkeys() {
    return this.passkeysSection().getByTestId("passkey");
  }

  /** Turns two-factor on with the password; resolves to the secret shown as text and the backup codes. */
  async startTwoFactor(password: string): Promise<{ secret: string; backupCodes: string[] }> {
    const section = this.twoFactorSection();
    await section.getByLabel("Your password").fill(password);
    await section.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await section.getByRole("img", { name: /QR code/ }).waitFor();
    const secret = await section.getByLabel("Secret key").inputValue();
    const backupCodes = await section.getByTestId("backup-codes").getByRole("listitem").allTextContents();
    return { secret, backupCodes };
  }

  async confirmTwoFactor(code: string) {
    const section = this.twoFactorSection();
    await section.getByLabel("Code from the app").fill(code);
    await section.getByRole("button", { name: "Confirm and turn on" }).click();
  }
}
