import type { Page } from "playwright-core";

/** The workspace sidebar: the document tree and its actions. */
export class Sidebar {
  constructor(readonly page: Page) {}

  tree() {
    return this.page.locator("aside").getByRole("tree");
  }

  /** A document's row by its visible title. */
  item(title: string) {
    return this.page.locator("aside [role=treeitem]").filter({ has: this.page.locator(`a[title="${title}"]`) }).first();
  }

  row(title: string) {
    return this.item(title).locator("> div");
  }

  async newTopLevelDocument() {
    const before = this.page.url();
    await this.page.locator("aside").getByRole("button", { name: "New document", exact: true }).click();
    await this.page.waitForURL((url) => url.toString() !== before && url.pathname.includes("/d/"));
  }

  async newChildOf(title: string) {
    await this.row(title).hover();
    await this.page.locator("aside").getByRole("button", { name: `New document inside ${title}` }).click();
  }

  async openActions(title: string) {
    await this.row(title).hover();
    await this.page.locator("aside").getByRole("button", { name: `Actions for ${title}` }).click();
  }

  async expand(title: string) {
    const toggle = this.item(title).getByRole("button", { name: `Expand ${title}` }).first();
    if (await toggle.isVisible()) await toggle.click();
  }

  /** Titles in the tree, depth-first, as "  " × depth + title. */
  async outline(): Promise<string[]> {
    return this.page.locator("aside [role=treeitem]").evaluateAll((items) =>
      items.map((item) => `${"  ".repeat(Number(item.getAttribute("aria-level")) - 1)}${item.querySelector("a")?.textContent ?? ""}`),
    );
  }
}
