import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { MemberSettingsPage } from "../pages/member-settings-page";
import { withAppAndBrowser } from "../support/app-and-browser";
import { invitedMemberPage, signedUpPage } from "../support/workspace";

const { app, browser } = withAppAndBrowser();

describe("Settings → Audit log", () => {
  it("shows an admin's invitation and role change, filters them, and downloads them as CSV", async () => {
    const owner = await signedUpPage(browser, app.url, "owner");
    const admin = await invitedMemberPage(browser, app.url, owner, "admin", "admin");
    // The admin invites someone through their own Settings → Invitations, then re-roles them.
    const adminInWorkspace = { page: admin.page, person: { ...admin.person, workspaceSlug: owner.person.workspaceSlug } };
    const member = await invitedMemberPage(browser, app.url, adminInWorkspace, "commenter", "member");
    const settings = new MemberSettingsPage(admin.page, owner.person.workspaceSlug);
    await settings.openMembers();
    await settings.roleMenu(member.person.name).selectOption("viewer");
    await expect.poll(() => settings.message().textContent()).toBe(`${member.person.name} is now a viewer.`);

    const page = admin.page;
    await page.getByRole("link", { name: "Audit log" }).click();
    await page.waitForURL("**/settings/audit-log");
    const events = page.getByRole("list", { name: "Audit events" }).getByRole("listitem");
    await expect.poll(() => events.count()).toBeGreaterThanOrEqual(4);
    const texts = await events.allTextContents();
    // Newest first: the role change, the member joining, the admin's invitation, the admin joining…
    expect(texts[0]).toContain(`${admin.person.name} <${admin.person.email}> · Changed a role · ${member.person.name} <${member.person.email}>`);
    expect(texts[0]).toContain("commenter → viewer");
    expect(texts.some((text) => text.includes(`${admin.person.name} <${admin.person.email}> · Invited someone · ${member.person.email}`))).toBe(true);
    // Times are <time> elements in the reader's zone.
    expect(await events.first().locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    await page.locator("#audit-kind").selectOption("member.role_changed");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/kind=member\.role_changed/);
    await expect.poll(() => events.count()).toBe(1);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${owner.person.workspaceSlug}-audit-log-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = await fs.readFile(await download.path(), "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Kind,Description,Actor id,Actor,Target id,Target,Details,IP address");
    expect(lines).toHaveLength(2); // the filter applies to the CSV too
    expect(lines[1]).toContain("member.role_changed");

    await page.getByRole("link", { name: "Clear" }).click();
    await page.waitForURL(/\/settings\/audit-log$/);
    const [all] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    const everything = await fs.readFile(await all.path(), "utf8");
    expect(everything).toContain("member.invited");
    expect(everything).toContain("member.role_changed");
    expect(everything).toContain(member.person.email);

    // A viewer has no tab, and the address is the 404 page.
    await member.page.goto(`/w/${owner.person.workspaceSlug}/settings/members`);
    expect(await member.page.getByRole("link", { name: "Audit log" }).count()).toBe(0);
    await member.page.goto(`/w/${owner.person.workspaceSlug}/settings/audit-log`);
    await member.page.getByText("This page could not be found").waitFor();
  });
});
