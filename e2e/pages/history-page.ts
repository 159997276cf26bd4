import type { Page } from "playwright-core";
import { chooseFromDocumentMenu } from "./document-menu";

/** The editor's version actions and the history pages (timeline, one revision). */
export class HistoryPage {
  constructor(readonly page: Page) {}

  /** "Save version…" from the document menu: the dialog, not yet submitted. */
  async openSaveVersion() {
    await chooseFromDocumentMenu(this.page, "Save version…");
    return this.page.getByRole("dialog", { name: "Save version" });
  }

  async saveVersion(name: string) {
    const dialog = await this.openSaveVersion();
    await dialog.getByLabel("Version name").fill(name);
    await dialog.getByRole("button", { name: "Save version" }).click();
    await this.page.getByTestId("version-notice").waitFor();
  }

  /** "Version history" from the document menu. */
  async openTimeline() {
    await chooseFromDocumentMenu(this.page, "Version history");
    await this.page.getByTestId("history-page").waitFor();
  }

  /** Opens the timeline entry whose label is `label`. */
  async openRevision(label: string) {
    await this.page.getByTestId("revision-list").getByRole("link", { name: new RegExp(label) }).click();
    await this.page.getByTestId("revision-page").waitFor();
  }

  diff() {
    return this.page.getByTestId("revision-diff");
  }

  /** The visible text of each inserted and deleted run, without the screen-reader words. */
  async changes(kind: "ins" | "del"): Promise<string[]> {
    return this.diff()
      .locator(kind)
      .evaluateAll((nodes) =>
        nodes.map((node) => [...node.childNodes].filter((child) => !(child instanceof HTMLElement && child.classList.contains("sr-only"))).map((child) => child.textContent).join("")),
      );
  }

  async restore() {
    await this.page.getByRole("button", { name: "Restore this version" }).click();
    await this.page.getByRole("dialog", { name: "Restore this version?" }).getByRole("button", { name: "Restore" }).click();
  }
}
