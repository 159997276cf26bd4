import type { Page } from "playwright-core";

/** /profile: name and avatar colour, and the email form. */
export class ProfilePage {
  constructor(readonly page: Page) {}

  /** Opens the profile from the account menu, the way people reach it. */
  async openFromAccountMenu() {
    await this.accountButton().click();
    await this.page.getByRole("menuitem", { name: "Profile" }).click();
    await this.page.waitForURL("**/profile");
    await this.page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();
  }

  /** The sidebar's account button (its name starts with the person's name). */
  accountButton() {
    return this.page.locator("aside").getByRole("button", { name: /Account menu/ });
  }

  /** The background colour of the account button's avatar, as computed (rgb(…)). */
  async accountAvatarColor(): Promise<string> {
    return this.accountButton().locator("span[aria-hidden=true]").first().evaluate((el) => getComputedStyle(el).backgroundColor);
  }

  nameSection() {
    return this.page.getByRole("region", { name: "Name and colour" });
  }

  emailSection() {
    return this.page.getByRole("region", { name: "Email" });
  }

  nameField() {
    return this.nameSection().getByLabel("Name", { exact: true });
  }

  colors() {
    return this.nameSection().getByRole("group", { name: "Avatar colour" });
  }

  async checkedColor(): Promise<string> {
    return this.colors().getByRole("radio", { checked: true }).inputValue();
  }
}

/** "#0f766e" → "rgb(15, 118, 110)", as getComputedStyle reports colours. */
export function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
