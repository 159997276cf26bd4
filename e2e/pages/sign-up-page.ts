import type { Page } from "playwright-core";
import type { Person } from "../support/accounts";

/** The sign-up form at /signup. */
export class SignUpPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto("/signup");
  }

  async fill(person: Partial<Person>) {
    if (person.name !== undefined) await this.page.getByLabel("Your name").fill(person.name);
    if (person.email !== undefined) await this.page.getByLabel("Email").fill(person.email);
    if (person.password !== undefined) await this.page.getByLabel("Password").fill(person.password);
    if (person.workspaceName !== undefined) await this.page.getByLabel("Workspace name").fill(person.workspaceName);
    if (person.workspaceSlug !== undefined) await this.page.getByLabel("Workspace address").fill(person.workspaceSlug);
  }

  async submit() {
    await this.page.getByRole("button", { name: "Create account" }).click();
  }

  /** Opens the form, fills it and submits; waits for the new workspace. */
  async signUp(person: Person) {
    await this.open();
    await this.fill(person);
    await this.submit();
    await this.page.waitForURL(`**/w/${person.workspaceSlug}`);
  }

  /** The inline error under a field, by its label. */
  fieldError(label: string) {
    return this.page.locator(`#${fieldId(label)}-error`);
  }
}

const FIELD_IDS: Record<string, string> = {
  "Your name": "field-name",
  Email: "field-email",
  Password: "field-password",
  "Workspace name": "field-workspaceName",
  "Workspace address": "field-workspaceSlug",
};

function fieldId(label: string): string {
  const id = FIELD_IDS[label];
  if (!id) throw new Error(`unknown field ${label}`);
  return id;
}
