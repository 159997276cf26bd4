import type { Page } from "playwright-core";

/** Settings → Templates → a template: its editor and the question asked before leaving unsaved changes. */
export class TemplateEditorPage {
  constructor(
    readonly page: Page,
    readonly slug: string,
  ) {}

  body() {
    return this.page.getByTestId("template-editor").locator(".ql-editor");
  }

  status() {
    return this.page.locator("[aria-labelledby=template-editor-heading] > p[role=status]");
  }

  leaveDialog() {
    return this.page.getByRole("dialog", { name: "Leave without saving?" });
  }

  /** Opens `name`'s editor from the Settings → Templates list, through its link (a navigation in the page, as a person makes it). */
  async open(name: string): Promise<void> {
    await this.page.goto(`/w/${this.slug}/settings/templates`);
    await this.openFromList(name);
  }

  /** The id of the template whose editor is open, from the page's address. */
  templateId(): string {
    return new URL(this.page.url()).pathname.split("/").pop() ?? "";
  }

  /** On the Settings → Templates list: follows `name`'s "Edit" link. */
  async openFromList(name: string): Promise<void> {
    await this.page.getByRole("link", { name: `Edit ${name}` }).click();
    await this.page.waitForURL(/\/settings\/templates\/[0-9a-f-]{36}$/);
    await this.body().waitFor();
  }

  async typeAtEnd(text: string): Promise<void> {
    await this.body().click();
    await this.page.keyboard.press("Control+End");
    await this.page.keyboard.type(text);
  }

  /** Answers "Leave without saving?" with Cancel, and waits for it to close. */
  async stay(): Promise<void> {
    await this.leaveDialog().getByRole("button", { name: "Cancel" }).click();
    await this.leaveDialog().waitFor({ state: "detached" });
  }

  async leave(): Promise<void> {
    await this.leaveDialog().getByRole("button", { name: "Leave without saving" }).click();
  }
}
