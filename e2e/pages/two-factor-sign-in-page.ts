import type { Page } from "playwright-core";

/** /login/two-factor: the sign-in's second step. */
export class TwoFactorSignInPage {
  constructor(private readonly page: Page) {}

  async waitFor() {
    await this.page.waitForURL("**/login/two-factor**");
    await this.page.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
  }

  async enterCode(code: string) {
    await this.page.getByLabel("Code from the app").fill(code);
    await this.page.getByRole("button", { name: "Verify" }).click();
  }

  async enterBackupCode(code: string) {
    await this.page.getByRole("button", { name: "Use a backup code instead" }).click();
    await this.page.getByLabel("Backup code").fill(code);
    await this.page.getByRole("button", { name: "Verify" }).click();
  }

  fieldError() {
    return this.page.locator("form [role=alert]");
  }
}
