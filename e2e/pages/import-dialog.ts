import type { Page } from "playwright-core";
import { chooseFromDocumentMenu } from "./document-menu";

/** The "Import" dialog: files, destination, progress and summary. */
export class ImportDialogPage {
  constructor(readonly page: Page) {}

  dialog() {
    return this.page.getByRole("dialog", { name: "Import" });
  }

  async openFromSidebar() {
    await this.page.locator("aside").getByRole("button", { name: "Import…" }).click();
    await this.dialog().waitFor();
  }

  async openFromDocumentMenu() {
    await chooseFromDocumentMenu(this.page, "Import into this document…");
    await this.dialog().waitFor();
  }

  /**
   * Records every value the progress bar shows and every progress label, from before the import
   * starts: uploads on a loopback address can finish between two polls.
   */
  async recordProgress() {
    await this.page.evaluate(() => {
      const seen = { values: [] as number[], labels: [] as string[] };
      (window as unknown as { __importProgress: typeof seen }).__importProgress = seen;
      new MutationObserver(() => {
        const bar = document.querySelector("[role=progressbar]");
        const label = document.getElementById("import-progress-label")?.textContent;
        if (bar) seen.values.push(Number(bar.getAttribute("aria-valuenow")));
        if (label && seen.labels.at(-1) !== label) seen.labels.push(label);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }

  async recordedProgress(): Promise<{ values: number[]; labels: string[] }> {
    return this.page.evaluate(() => (window as unknown as { __importProgress: { values: number[]; labels: string[] } }).__importProgress);
  }

  async importFiles(paths: string[], buttonName: string) {
    await this.dialog().getByLabel("Files to import").setInputFiles(paths);
    await this.dialog().getByRole("button", { name: buttonName, exact: true }).click();
  }

  /** The summary's headline, once the import has finished. */
  async headline(): Promise<string> {
    const done = this.dialog().getByRole("button", { name: "Done" });
    await done.waitFor({ timeout: 30_000 });
    return (await this.dialog().locator("p.font-medium").first().textContent()) ?? "";
  }

  importedLinks() {
    return this.dialog().getByRole("link");
  }
}
