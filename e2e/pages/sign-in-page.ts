import type { Page } from "playwright-core";

/** The sign-in form at /login. */
export class SignInPage {
  constructor(private readonly page: Page) {}

  async signIn(email: string, password: string) {
    await this.page.goto("/login");
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password").fill(password);
    await this.page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  /** The message about the whole form (wrong password, rate limit). */
  formMessage() {
    return this.page.locator("form [role=alert]");
  }
}
