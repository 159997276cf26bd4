import type { Page } from "playwright-core";

/** The inbox, /w/<workspace>/notifications. */
export class NotificationsPage {
  constructor(
    readonly page: Page,
    private readonly slug: string,
  ) {}

  async open() {
    await this.page.goto(`/w/${this.slug}/notifications`);
    await this.page.getByRole("heading", { level: 1, name: "Notifications" }).waitFor();
  }

  list() {
    return this.page.getByRole("list", { name: "Notifications" });
  }

  /** A row's "Mark read", by the words of its notification (its name is "Mark read: <words>"). */
  markRead(text: string) {
    return this.list().getByRole("button", { name: new RegExp(`^Mark read\\W+${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });
  }

  /** Every row's "Mark read": one per unread notification. */
  markReadButtons() {
    return this.list().getByRole("button", { name: /^Mark read/ });
  }

  markAllRead() {
    return this.page.getByRole("button", { name: "Mark all read" });
  }

  /** The polite line that says what the last action did. */
  status(text: string) {
    return this.page.locator("main").getByRole("status").filter({ hasText: text });
  }
}
