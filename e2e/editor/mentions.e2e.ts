import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CommentsPanelPage } from "../pages/comments-panel";
import { EditorPage } from "../pages/editor-page";
import { ProfilePage } from "../pages/profile-page";
import { ShareDialog } from "../pages/share-dialog";
import type { Person } from "../support/accounts";
import { axeViolationsInBothSchemes } from "../support/axe";
import { withAppAndBrowser } from "../support/app-and-browser";
import { createDocumentViaApi, invitedMemberPage, signedUpPage } from "../support/workspace";

// Mentions (docs/product.md "Mentions"): "@" opens a keyboard-driven picker of members (then
// documents); a member becomes a mention embed that syncs, is stored, survives a reload and
// shows the member's current name; the comment composer has the same picker. Steps build on each other.

const { app, browser } = withAppAndBrowser();

let owner: { page: Page; person: Person };
let member: { page: Page; person: Person };
let documentPath: string;

const picker = (page: Page) => page.getByRole("listbox", { name: "Mention a member or link a document" });
const optionLabels = (page: Page) => picker(page).getByRole("option").locator(".ql-slash-label").allTextContents();
const mentionTexts = (editor: EditorPage) => editor.body().locator(".mention").allTextContents();
const clean = (texts: string[]) => texts.map((text) => text.replace(/\uFEFF/g, ""));

describe("mentions", () => {
  it("an editor types @, picks a member from the keyboard, and a second page sees the mention by name", async () => {
    owner = await signedUpPage(browser, app.url, "owner");
    member = await invitedMemberPage(browser, app.url, owner, "editor", "member");
    await createDocumentViaApi(owner.page, app.url, owner.person.workspaceSlug, { title: "Road map", markdown: "The plan." });
    const created = await createDocumentViaApi(owner.page, app.url, owner.person.workspaceSlug, { title: "Notes", markdown: "Start" });
    await owner.page.goto(`/w/${owner.person.workspaceSlug}/d/${created.id}`);
    documentPath = new URL(owner.page.url()).pathname;
    const editor = new EditorPage(owner.page);
    await editor.waitUntilEditable();
    await member.page.goto(documentPath);
    const memberEditor = new EditorPage(member.page);
    await memberEditor.waitUntilEditable();

    await editor.body().click();
    await owner.page.keyboard.press("Control+End");
    await owner.page.keyboard.type(" ask @");
    await picker(owner.page).waitFor();
    expect(await optionLabels(owner.page)).toEqual(expect.arrayContaining([owner.person.name, member.person.name]));
    // The body is the combobox: the active option is its aria-activedescendant.
    expect(await editor.body().getAttribute("aria-controls")).toBe(await picker(owner.page).getAttribute("id"));
    expect(await axeViolationsInBothSchemes(owner.page)).toEqual([]);

    await owner.page.keyboard.type("mem");
    await expect.poll(() => optionLabels(owner.page)).toEqual([member.person.name]);
    await owner.page.keyboard.press("Enter");
    await picker(owner.page).waitFor({ state: "hidden" });
    expect(await editor.body().getAttribute("aria-activedescendant")).toBeNull();
    await owner.page.keyboard.type("today.");
    expect(clean(await mentionTexts(editor))).toEqual([`@${member.person.name}`]);
    expect(await editor.body().locator(".mention").getAttribute("contenteditable")).toBe("false");

    // The other page sees it, with the name; the store keeps the embed (id and name).
    await expect.poll(async () => clean(await mentionTexts(memberEditor))).toEqual([`@${member.person.name}`]);
    await expect
      .poll(async () => (await editor.storedDocument()).delta.ops.find((op) => typeof op.insert === "object" && op.insert !== null && "mention" in op.insert)?.insert)
      .toMatchObject({ mention: { name: member.person.name } });
    expect((await editor.body().innerText()).replace(/\uFEFF/g, "")).toContain(`ask @${member.person.name} today.`);

    // A mention is one character: one Backspace after it removes it whole.
    await owner.page.keyboard.type(" @mem");
    await expect.poll(() => optionLabels(owner.page)).toEqual([member.person.name]);
    await owner.page.keyboard.press("Enter");
    await expect.poll(async () => (await mentionTexts(editor)).length).toBe(2);
    await owner.page.keyboard.press("Backspace"); // the space after it
    await owner.page.keyboard.press("Backspace");
    await expect.poll(async () => (await mentionTexts(editor)).length).toBe(1);
    await expect.poll(async () => (await mentionTexts(memberEditor)).length).toBe(1);
  });

  it("offers documents after members and inserts a link to the document; Escape leaves the typed text", async () => {
    const editor = new EditorPage(owner.page);
    await owner.page.keyboard.press("Control+End");
    await owner.page.keyboard.press("Enter");
    await owner.page.keyboard.type("see @road");
    await expect.poll(() => optionLabels(owner.page)).toEqual(["Road map"]);
    await owner.page.keyboard.press("Tab");
    await picker(owner.page).waitFor({ state: "hidden" });
    const link = editor.body().getByRole("link", { name: "Road map" });
    expect(await link.getAttribute("href")).toMatch(new RegExp(`^/w/${owner.person.workspaceSlug}/d/road-map-[\\w-]+$`));

    await owner.page.keyboard.type("and @zz");
    await picker(owner.page).waitFor({ state: "hidden" }); // nothing matches: no list
    await owner.page.keyboard.press("Backspace");
    await owner.page.keyboard.press("Backspace");
    await picker(owner.page).waitFor();
    await owner.page.keyboard.press("Escape");
    await picker(owner.page).waitFor({ state: "hidden" });
    await owner.page.keyboard.type("x");
    expect((await editor.body().innerText()).replace(/\uFEFF/g, "")).toContain("and @x");
    // An address is no mention.
    await owner.page.keyboard.type(" me@");
    expect(await picker(owner.page).isVisible()).toBe(false);
  });

  it("survives a reload, and shows a renamed member's new name", async () => {
    // The server's HTML already shows it (before the live editor replaces it), then the live editor.
    const served = await (await owner.page.request.get(documentPath, { headers: { accept: "text/html" } })).text();
    expect(served).toMatch(new RegExp(`class="mention" data-user-id="[\\w-]+" data-name="[^"]*" contenteditable="false">\uFEFF<span contenteditable="false">@${member.person.name}</span>`));
    await owner.page.reload();
    const editor = new EditorPage(owner.page);
    await editor.waitUntilEditable();
    expect(clean(await mentionTexts(editor))).toEqual([`@${member.person.name}`]);

    const profile = new ProfilePage(member.page);
    await profile.openFromAccountMenu();
    await profile.nameField().fill("Renamed Person");
    await profile.nameSection().getByRole("button", { name: "Save" }).click();
    await profile.nameSection().getByRole("status").filter({ hasText: "Saved." }).waitFor();

    await owner.page.reload();
    await editor.waitUntilEditable();
    expect(clean(await mentionTexts(editor))).toEqual(["@Renamed Person"]);

    // Exports and the published page use the current name; the published page shows no id or email.
    const documentId = editor.documentId();
    const mention = (await editor.storedDocument()).delta.ops.find((op) => typeof op.insert === "object" && op.insert !== null && "mention" in op.insert);
    const memberId = (mention?.insert as { mention: { id: string } }).mention.id;
    const markdown = await (await owner.page.request.get(`/api/v1/documents/${documentId}/export?format=md`)).text();
    expect(markdown).toContain("ask @Renamed Person today.");
    const html = await (await owner.page.request.get(`/api/v1/documents/${documentId}/export?format=html`)).text();
    expect(html).toContain(`<span class="mention" data-user-id="${memberId}">@Renamed Person</span>`);
    await owner.page.goto(`${documentPath}/share`);
    const sharePath = await new ShareDialog(owner.page).createLink();
    const published = await (await fetch(`${app.url}${sharePath}`)).text();
    expect(published).toContain('<span class="mention">@Renamed Person</span>');
    expect(published).not.toContain(memberId);
    expect(published).not.toContain(member.person.email);
    await owner.page.goto(documentPath);
    await editor.waitUntilEditable();
  });

  it("the comment composer's @ picker inserts a mention the thread shows by name", async () => {
    const comments = new CommentsPanelPage(owner.page);
    await comments.open();
    await owner.page.getByRole("button", { name: "Comment on the document" }).click();
    await owner.page.keyboard.type("Over to @ren");
    await expect.poll(() => optionLabels(owner.page)).toEqual(["Renamed Person"]);
    const textarea = owner.page.getByRole("textbox", { name: "Comment" }).first();
    expect(await textarea.getAttribute("aria-activedescendant")).toMatch(/^mention-menu-/);
    expect(await axeViolationsInBothSchemes(owner.page)).toEqual([]);
    await owner.page.keyboard.press("Enter");
    await picker(owner.page).waitFor({ state: "hidden" });
    expect(await textarea.inputValue()).toBe("Over to @Renamed Person ");
    await owner.page.keyboard.type("please.");
    await owner.page.keyboard.press("Control+Enter");
    const thread = comments.thread("Over to @Renamed Person please.");
    await thread.waitFor();
    expect(await thread.locator(".mention").textContent()).toBe("@Renamed Person");
    // The member's page shows the thread with the mention by name.
    await member.page.goto(documentPath);
    const memberComments = new CommentsPanelPage(member.page);
    await memberComments.open();
    expect(await memberComments.thread("Over to @Renamed Person please.").locator(".mention").textContent()).toBe("@Renamed Person");
    // And is told: the body's mention and the comment's each reach the member's inbox.
    await member.page.goto(`/w/${owner.person.workspaceSlug}/notifications`);
    const inbox = member.page.getByRole("list", { name: "Notifications" });
    await inbox.getByRole("link", { name: /mentioned you in a comment on / }).waitFor();
    expect(await inbox.getByRole("link", { name: /mentioned you in (?!a comment)/ }).count()).toBe(1);
  });

  it("a viewer sees mentions by name and never gets the picker", async () => {
    const viewer = await invitedMemberPage(browser, app.url, owner, "viewer", "viewer");
    await viewer.page.goto(documentPath);
    const editor = new EditorPage(viewer.page);
    await editor.body().locator(".mention").first().waitFor();
    expect(clean(await mentionTexts(editor))).toEqual(["@Renamed Person"]);
    expect(await editor.body().getAttribute("contenteditable")).toBe("false");
    await editor.body().click();
    await viewer.page.keyboard.type("@");
    await viewer.page.waitForTimeout(300);
    expect(await viewer.page.locator(".ql-mention-menu:not([hidden])").count()).toBe(0);
  });
});
