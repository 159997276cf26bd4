import type { Page } from "playwright-core";

/** The Ctrl/Cmd-K palette. */
export class SearchPalette {
  constructor(readonly page: Page) {}

  dialog() {
    return this.page.getByRole("dialog", { name: "Search and jump" });
  }

  input() {
    return this.dialog().getByRole("combobox");
  }

  /** A document result by its title. */
  result(title: string) {
    return this.dialog().getByRole("option").filter({ hasText: title });
  }

  status() {
    return this.dialog().getByRole("status");
  }

  async open() {
    await this.page.keyboard.press("Control+k");
    await this.input().waitFor();
  }

  /**
   * Opens the palette and searches for `query` until `title` is among the results (a document's
   * body reaches the database when the server stores it, up to 2 s after the last keystroke).
   */
  async searchUntilFound(query: string, title: string, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.open();
      await this.input().fill(query);
      const found = this.result(title);
      const none = this.dialog().getByText(`No documents match “${query}”.`);
      await found.or(none).first().waitFor({ timeout: 5_000 });
      if (await found.isVisible()) return;
      if (Date.now() > deadline) throw new Error(`"${query}" did not find "${title}" within ${timeoutMs} ms`);
      await this.page.keyboard.press("Escape");
      await this.page.waitForTimeout(300);
    }
  }
}
