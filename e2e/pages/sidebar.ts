import type { Page } from "playwright-core";
import { documentIdIn } from "./editor-page";

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

  /** A document's link in the tree, by its visible title. */
  link(title: string) {
    return this.item(title).locator(`a[title="${title}"]`).first();
  }

  newDocumentButton() {
    return this.page.locator("aside").getByRole("button", { name: "New document", exact: true });
  }

  async newTopLevelDocument() {
    await this.untilAnotherDocument(() => this.newDocumentButton().click());
  }

  async newChildOf(title: string) {
    await this.row(title).hover();
    await this.untilAnotherDocument(() => this.page.locator("aside").getByRole("button", { name: `New document inside ${title}` }).click());
  }

  // By document id, not the whole address: a rename saved just now may still rewrite the
  // current document's address (its slug) before the new document's page arrives.
  private async untilAnotherDocument(act: () => Promise<void>) {
    const before = documentIdIn(new URL(this.page.url()));
    await act();
    await this.page.waitForURL((url) => documentIdIn(url) !== null && documentIdIn(url) !== before);
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
