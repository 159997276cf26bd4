import type { Page } from "playwright-core";

/** Settings → Webhooks of one workspace, and a webhook's deliveries. */
export class WebhooksPage {
  constructor(
    readonly page: Page,
    private readonly slug: string,
  ) {}

  async open() {
    await this.page.goto(`/w/${this.slug}/settings/webhooks`);
    await this.page.getByRole("heading", { name: "Add a webhook" }).waitFor();
  }

  /** Fills the form and submits it (no waiting: for error cases). */
  async submit(fields: { url: string; events: string[]; description?: string }) {
    await this.page.getByLabel("Endpoint address").fill(fields.url);
    await this.page.getByLabel("Description (optional)").fill(fields.description ?? "");
    for (const event of fields.events) await this.page.getByRole("checkbox", { name: new RegExp(`^${event}`) }).check();
    await this.page.getByRole("button", { name: "Add webhook" }).click();
  }

  /** Adds a webhook; resolves to the signing secret the page shows once. */
  async create(fields: { url: string; events: string[]; description?: string }): Promise<string> {
    await this.submit(fields);
    await this.page.getByRole("status").filter({ hasText: "is added" }).waitFor();
    return this.page.getByRole("textbox", { name: "Signing secret" }).inputValue();
  }

  fieldError(name: "url" | "description") {
    return this.page.locator(`#field-${name}-error`);
  }

  /** A row of the webhooks list or of the deliveries list. */
  row(text: string | RegExp) {
    return this.page.getByRole("listitem").filter({ hasText: text });
  }

  async openDeliveries(url: string) {
    await this.page.getByRole("link", { name: `Deliveries of ${url}` }).click();
    await this.page.getByRole("heading", { name: "Deliveries" }).waitFor();
  }
}
