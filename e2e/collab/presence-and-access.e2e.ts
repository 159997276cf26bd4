import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ACCESS_LOST_TEXT } from "@/shared/protocol/close-codes";
import { EditorPage } from "../pages/editor-page";
import { MemberSettingsPage } from "../pages/member-settings-page";
import { Sidebar } from "../pages/sidebar";
import type { Person } from "../support/accounts";
import { cookieHeader, signInViaApi } from "../support/accounts";
import { connectCollab } from "@test/collab-client";
import { invitedMemberPage, signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

// The steps build on each other: an owner and an invited editor on one document.
let owner: { page: Page; person: Person };
let member: { page: Page; person: Person };
let ownerEditor: EditorPage;
let memberEditor: EditorPage;
let documentUrl: string;

const READ_ONLY = "Read only — your role can't edit this document";

describe("two people in one document", () => {
  it("see each other's typing, avatars and named cursors, and one can follow the other", async () => {
    owner = await signedUpPage(browser, app.url, "owner");
    member = await invitedMemberPage(browser, app.url, owner, "editor");
    await owner.page.goto(`/w/${owner.person.workspaceSlug}`);
    await new Sidebar(owner.page).newTopLevelDocument();
    ownerEditor = new EditorPage(owner.page);
    await ownerEditor.waitUntilEditable();
    documentUrl = new URL(owner.page.url()).pathname;
    await member.page.goto(documentUrl);
    memberEditor = new EditorPage(member.page);
    await memberEditor.waitUntilEditable();

    await ownerEditor.body().click();
    await owner.page.keyboard.type("Hello from the owner.");
    await expect.poll(() => memberEditor.body().textContent()).toBe("Hello from the owner.");
    await memberEditor.body().click();
    await member.page.keyboard.press("Control+End");
    await member.page.keyboard.type(" And from the member.");
    await expect.poll(() => ownerEditor.body().textContent()).toBe("Hello from the owner. And from the member.");

    // Each sees the other's avatar (not their own) and the other's cursor with their name.
    const avatarOf = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${name}: `) });
    await avatarOf(member.page, owner.person.name).waitFor();
    await avatarOf(owner.page, member.person.name).waitFor();
    expect(await avatarOf(owner.page, owner.person.name).count()).toBe(0);
    await ownerEditor.body().click();
    await owner.page.keyboard.press("Home");
    const ownerCursor = member.page.locator(".ql-cursor").filter({ hasText: owner.person.name });
    await ownerCursor.waitFor({ state: "attached" });
    expect(await member.page.locator(".ql-cursor-name").allTextContents()).toContain(owner.person.name);

    // Following: the avatar is pressed and says so; Escape stops.
    await avatarOf(member.page, owner.person.name).click();
    expect(await avatarOf(member.page, owner.person.name).getAttribute("aria-pressed")).toBe("true");
    await member.page.getByText(`Following ${owner.person.name}`).waitFor();
    await member.page.keyboard.press("Escape");
    await expect.poll(() => avatarOf(member.page, owner.person.name).getAttribute("aria-pressed")).toBe("false");
  });

  it("follows the cursor down a long document", async () => {
    const lines = Array.from({ length: 120 }, (_, i) => `Line ${i + 1}`).join("\n");
    await ownerEditor.body().click();
    await owner.page.keyboard.press("Control+End");
    await owner.page.keyboard.press("Enter");
    await owner.page.keyboard.insertText(lines);
    await expect.poll(() => memberEditor.body().textContent()).toContain("Line 120");
    await member.page.evaluate(() => window.scrollTo(0, 0));
    await member.page.getByRole("button", { name: new RegExp(`^${owner.person.name}: `) }).click();
    // The owner's cursor is at the end, far below: following scrolls the member's window to it.
    await expect.poll(() => member.page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await member.page.keyboard.press("Escape");
  });

  it("makes a demoted member's open editor read-only within 5 s; a viewer's crafted update is refused and not stored", async () => {
    const documentId = ownerEditor.documentId();
    await owner.page.goto(documentUrl);
    await ownerEditor.waitUntilEditable();
    await member.page.goto(documentUrl);
    await memberEditor.waitUntilEditable();

    const ownerSettingsPage = await owner.page.context().newPage();
    const ownerSettings = new MemberSettingsPage(ownerSettingsPage, owner.person.workspaceSlug);
    await ownerSettings.openMembers();
    await ownerSettings.roleMenu(member.person.name).selectOption("viewer");
    const changedAt = Date.now();
    await expect.poll(() => memberEditor.status().textContent(), { interval: 100 }).toBe(READ_ONLY);
    expect(Date.now() - changedAt).toBeLessThan(5_000);
    await member.page.getByText("you can read this document but no longer edit it").waitFor();
    await memberEditor.body().and(member.page.locator("[contenteditable=false]")).waitFor();

    // The viewer, through a crafted client rather than the editor: the server drops the update.
    const viewerSocket = connectCollab(app.port, documentId, { cookie: cookieHeader(await signInViaApi(app.url, member.person)) });
    try {
      await expect.poll(() => viewerSocket.events.includes("synced")).toBe(true);
      viewerSocket.doc.getText("body").insert(0, "CRAFTED BY A VIEWER ");
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await ownerEditor.body().textContent()).not.toContain("CRAFTED");
    } finally {
      viewerSocket.close();
    }
    await expect.poll(async () => JSON.stringify((await ownerEditor.storedDocument()).delta)).toContain("Line 120");
    expect(JSON.stringify((await ownerEditor.storedDocument()).delta)).not.toContain("CRAFTED");
    await ownerSettingsPage.close();
  });

  it("cuts a removed member's open editor off within 5 s, with the reason", async () => {
    const ownerSettingsPage = await owner.page.context().newPage();
    const ownerSettings = new MemberSettingsPage(ownerSettingsPage, owner.person.workspaceSlug);
    await ownerSettings.openMembers();
    await ownerSettings.remove(member.person.name);
    const removedAt = Date.now();
    await member.page.getByRole("alert").filter({ hasText: ACCESS_LOST_TEXT.removed }).waitFor();
    expect(Date.now() - removedAt).toBeLessThan(5_000);
    expect(await memberEditor.status().textContent()).toBe("No access");

    // Nothing reaches it any more.
    const before = await memberEditor.body().textContent();
    await ownerEditor.body().click();
    await owner.page.keyboard.press("Control+End");
    await owner.page.keyboard.type(" After the removal.");
    await ownerEditor.waitUntilSaved();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await memberEditor.body().textContent()).toBe(before);
    // And their copy of the document is gone from the device.
    const copies = await member.page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? "").filter((n) => n.startsWith("quire:")));
    expect(copies).toEqual([]);
  });
});
