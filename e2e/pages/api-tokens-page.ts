import type { Page } from "playwright-core";

/** Settings → API tokens of one workspace. */
export class ApiTokensPage {
  constructor(
    readonly page: Page,
    private readonly slug: string,
  ) {}

  async open() {
    await this.page.goto(`/w/${this.slug}/settings/api-tokens`);
    await this.page.getByRole("heading", { name: "New API token" }).waitFor();
  }

  /** Fills the form and submits it (no waiting: for error cases). */
  async submit(fields: { name: string; scope?: "read" | "write"; expiresOn?: string }) {
    await this.page.getByLabel("Name").fill(fields.name);
    await this.page.getByLabel(fields.scope === "write" ? "Write" : "Read", { exact: true }).check();
    await this.page.getByLabel("Expires after (optional)").fill(fields.expiresOn ?? "");
    await this.page.getByRole("button", { name: "Create token" }).click();
  }

  /** Creates a token; resolves to the token the page shows once. */
  async create(fields: { name: string; scope?: "read" | "write"; expiresOn?: string }): Promise<string> {
    await this.submit(fields);
    // The box of the token just made (a previous one stays on screen until the answer comes).
    await this.page.getByRole("status").filter({ hasText: `${fields.name} (${fields.scope ?? "read"}) is ready.` }).waitFor();
    return this.page.getByRole("textbox", { name: "API token" }).inputValue();
  }

  /** The inline error under a field of the form. */
  fieldError(name: "name" | "expiresOn") {
    return this.page.locator(`#field-${name}-error`);
  }

  /** The list row of a token, by its name. */
  row(name: string) {
    return this.page.getByRole("listitem").filter({ hasText: name });
  }

  /** Revokes a token through its button and the confirmation. */
  async revoke(name: string) {
    await this.page.getByRole("button", { name: `Revoke the token ${name}` }).click();
    await this.page.getByRole("button", { name: "Revoke token" }).click();
    await this.page.getByText(`Revoked "${name}". It no longer works.`).waitFor();
  }
}
