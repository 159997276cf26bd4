import type { Page } from "playwright-core";

/**
 * Chooses `name` in the editor's "…" (Document actions) menu. The menu is opened again if it
 * closed before the click landed: in full e2e runs on a loaded machine a menu opened while the
 * editor was still starting has closed on its own (the choice itself is what tests check).
 */
export async function chooseFromDocumentMenu(page: Page, name: string | RegExp): Promise<void> {
  const item = page.getByRole("menuitem", { name });
  for (let attempt = 1; ; attempt += 1) {
    if (!(await item.isVisible())) await page.getByRole("button", { name: "Document actions" }).click();
    try {
      await item.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
