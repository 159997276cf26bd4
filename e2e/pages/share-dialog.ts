import type { Locator, Page } from "playwright-core";

/** The share dialog: as a modal over the editor, or as the full `…/share` page. */
export class ShareDialog {
  constructor(readonly page: Page) {}

  modal(): Locator {
    return this.page.getByTestId("share-modal");
  }

  fullPage(): Locator {
    return this.page.getByTestId("share-page");
  }

  /** "Name (you)?\nemail\nRole" rows of the members list. */
  async members(): Promise<string[]> {
    return this.page.getByTestId("share-members").locator("li").evaluateAll((items) => items.map((li) => li.textContent ?? ""));
  }

  option(label: "Include child documents" | "Allow search engines"): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** Creates the public link and answers its path (`/p/<token>`). */
  async createLink(): Promise<string> {
    await this.page.getByRole("button", { name: "Create public link" }).click();
    return this.linkPath();
  }

  async linkPath(): Promise<string> {
    const input = this.page.getByTestId("share-url");
    await input.waitFor();
    return new URL(await input.inputValue()).pathname;
  }

  async revoke(): Promise<void> {
    await this.page.getByRole("button", { name: "Revoke link" }).click();
    await this.page.getByRole("button", { name: "Create public link" }).waitFor();
  }
}
