import type { Page } from "playwright-core";
import type { Role } from "@/shared/roles";
import { roleWithArticle } from "@/shared/roles";

/** Settings → Members and Settings → Invitations of one workspace. */
export class MemberSettingsPage {
  constructor(
    readonly page: Page,
    private readonly slug: string,
  ) {}

  async openMembers() {
    await this.page.goto(`/w/${this.slug}/settings/members`);
    await this.page.getByRole("heading", { name: /\d+ members?/ }).waitFor();
  }

  async openInvitations() {
    await this.page.goto(`/w/${this.slug}/settings/invitations`);
    await this.page.getByRole("heading", { name: "Invite people" }).waitFor();
  }

  /** Invites `email` as `role` through the form; resolves to the link it shows. */
  async invite(email: string, role: Role): Promise<string> {
    await this.page.getByLabel("Email address").fill(email);
    await this.page.locator("#invite-role").selectOption(role);
    await this.page.getByRole("button", { name: "Invite", exact: true }).click();
    await this.page.getByText(`${email} is invited as ${roleWithArticle(role)}.`).waitFor();
    return this.page.getByLabel("Invitation link", { exact: true }).inputValue();
  }

  pendingList() {
    return this.page.getByRole("region", { name: "Pending invitations" });
  }

  /** A pending invitation's "Revoke", which asks first (revokeDialog). */
  revokeButton(email: string) {
    return this.pendingList().getByRole("button", { name: `Revoke the invitation for ${email}` });
  }

  revokeDialog() {
    return this.page.getByRole("dialog", { name: "Revoke this invitation?" });
  }

  /** Revokes a pending invitation through its button and the confirmation. */
  async revokeInvitation(email: string) {
    await this.revokeButton(email).click();
    await this.revokeDialog().getByRole("button", { name: "Revoke invitation" }).click();
    await this.page.getByText(`Revoked the invitation for ${email}.`).waitFor();
  }

  newLinkButton(email: string) {
    return this.pendingList().getByRole("button", { name: `New link for ${email}` });
  }

  /** A member's row in the members list, by name. */
  memberRow(name: string) {
    return this.page.getByRole("region", { name: /\d+ members?/ }).getByRole("listitem").filter({ hasText: name });
  }

  roleMenu(name: string) {
    return this.page.getByLabel(`Role for ${name}`);
  }

  /** The success or error line above the list. */
  message() {
    return this.page.getByRole("region", { name: /\d+ members?/ }).locator("[role=status], [role=alert]");
  }

  /**
   * Removes a member through the button and the confirmation, and resolves once the removal is
   * done: the dialog closes at once and the action runs after, so its closing alone proved nothing
   * (a test's next request could still find the member; seen failing on a loaded machine).
   */
  async remove(name: string) {
    await this.page.getByRole("button", { name: `Remove ${name}` }).click();
    const dialog = this.page.getByRole("dialog", { name: `Remove ${name}?` });
    await dialog.getByRole("button", { name: "Remove", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await this.memberRow(name).waitFor({ state: "detached" });
  }
}
