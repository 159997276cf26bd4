import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CommentsPanelPage } from "../pages/comments-panel";
import { EditorPage } from "../pages/editor-page";
import { withAppAndBrowser } from "../support/app-and-browser";
import { createDocumentViaApi, invitedMemberPage, signedUpPage } from "../support/workspace";

const { app, browser } = withAppAndBrowser();

// QA third sweep: item 9 (a reply being written vanished when someone else resolved its thread),
// item 13 (Resolve and Reopen dropped the focus to the page, and said nothing) and item 16 (Escape
// in a new comment threw its words away).

async function commentOn(page: Page, comments: CommentsPanelPage, words: string, text: string): Promise<void> {
  await comments.selectToComment(words);
  await page.keyboard.press("Control+Alt+KeyM");
  await page.getByTestId("new-comment").waitFor();
  await page.keyboard.type(text);
  await page.keyboard.press("Control+Enter");
  await comments.thread(text).waitFor();
}


describe("comment drafts and the focus around threads", () => {
  // QA fourth sweep item 9: a reply or an edit being written vanished, with no word, when someone
  // else deleted its thread or comment, and a reload lost a reply half written.
  it("keeps a reply and an edit whose thread or comment someone else deletes, with the words to copy", async () => {
    const owner = await signedUpPage(browser, app.url, "gone-owner");
    const other = await invitedMemberPage(browser, app.url, owner, "commenter");
    const doc = await createDocumentViaApi(owner.page, app.url, owner.person.workspaceSlug, { title: "Gone", markdown: "Alpha beta gamma delta." });
    await owner.page.goto(`/w/${owner.person.workspaceSlug}/d/${doc.id}`);
    await new EditorPage(owner.page).waitUntilEditable();
    const mine = new CommentsPanelPage(owner.page);
    await mine.open();
    await commentOn(owner.page, mine, "Alpha", "Owner's thread");
    await other.page.goto(new URL(owner.page.url()).pathname);
    await new EditorPage(other.page).body().waitFor();
    const theirs = new CommentsPanelPage(other.page);
    // Commenting opens their panel (as in comments.e2e.ts: their body is read-only, the selection is all there is).
    await commentOn(other.page, theirs, "gamma", "Their own comment");
    await mine.thread("Their own comment").waitFor();

    // (a) They write a reply in the owner's thread; the owner deletes the thread.
    await theirs.thread("Owner's thread").getByRole("button", { name: "Reply" }).click();
    await other.page.keyboard.type("A reply being written");
    await mine.deleteComment("Owner's thread");
    const keptReply = theirs.keptDrafts().filter({ hasText: "was deleted while you were replying" });
    await keptReply.waitFor();
    expect(await keptReply.getByRole("textbox").inputValue()).toBe("A reply being written");
    expect(await keptReply.textContent()).toContain(`${owner.person.name}'s thread on “Alpha” was deleted`);
    await keptReply.getByRole("button", { name: "Copy reply" }).waitFor();
    await expect.poll(() => other.page.evaluate(() => document.activeElement?.closest("[data-testid=kept-comment-draft]") !== null)).toBe(true);
    await expect.poll(async () => (await other.page.getByTestId("comments-announcement").textContent())?.trim()).toContain("Your reply is kept here to copy.");

    // (b) They edit their own comment; the owner deletes it.
    await theirs.thread("Their own comment").getByRole("button", { name: /^Edit / }).click();
    await other.page.keyboard.type(" plus a careful edit");
    await mine.deleteComment("Their own comment");
    const keptEdit = theirs.keptDrafts().filter({ hasText: "while you were editing it" });
    await keptEdit.waitFor();
    expect(await keptEdit.getByRole("textbox").inputValue()).toBe("Their own comment plus a careful edit");

    // Kept across a reload too, until discarded.
    await other.page.reload();
    await theirs.keptDrafts().nth(1).waitFor();
    await keptReply.getByRole("button", { name: "Discard your reply" }).click();
    await keptEdit.getByRole("button", { name: "Discard your edit" }).click();
    await expect.poll(() => theirs.keptDrafts().count()).toBe(0);
    await other.page.reload();
    await new EditorPage(other.page).body().waitFor();
    await theirs.open();
    expect(await theirs.keptDrafts().count()).toBe(0);
  });

  it("keeps a reply and an edit being written across a reload, until sent or cancelled", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "reload-drafts");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Reload", markdown: "One two three four." });
    await page.goto(`/w/${person.workspaceSlug}/d/${doc.id}`);
    await new EditorPage(page).waitUntilEditable();
    const comments = new CommentsPanelPage(page);
    await comments.open();
    await commentOn(page, comments, "One", "First thread");
    await commentOn(page, comments, "three", "Second thread");
    await comments.thread("First thread").getByRole("button", { name: "Reply" }).click();
    await page.keyboard.type("Half written then reload");
    await comments.thread("Second thread").getByRole("button", { name: /^Edit / }).click();
    await page.keyboard.type(" and more");

    await page.reload();
    await new EditorPage(page).waitUntilEditable();
    // The panel opens by itself with both boxes as they were.
    const reply = comments.thread("First thread").getByRole("textbox", { name: /^Your reply to / });
    await reply.waitFor();
    expect(await reply.inputValue()).toBe("Half written then reload");
    const edit = comments.thread("“three”").getByRole("textbox", { name: /^Edit / });
    expect(await edit.inputValue()).toBe("Second thread and more");

    await reply.focus();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(", finished.");
    await page.keyboard.press("Control+Enter");
    await comments.thread("Half written then reload, finished.").waitFor();
    await comments.thread("“three”").getByRole("button", { name: /^Cancel edit of / }).click();
    await page.reload();
    await new EditorPage(page).waitUntilEditable();
    await comments.open();
    await comments.thread("Second thread").getByRole("button", { name: /^Edit / }).waitFor();
    expect(await page.getByTestId("comments-panel").locator("textarea").count()).toBe(0);
  });

  it("keeps a reply being written when someone else resolves its thread, and says Resolve and Reopen", async () => {
    const owner = await signedUpPage(browser, app.url, "draft-owner");
    const other = await invitedMemberPage(browser, app.url, owner, "commenter");
    const doc = await createDocumentViaApi(owner.page, app.url, owner.person.workspaceSlug, { title: "Drafts", markdown: "Alpha beta gamma delta." });
    await owner.page.goto(`/w/${owner.person.workspaceSlug}/d/${doc.id}`);
    await new EditorPage(owner.page).waitUntilEditable();
    const mine = new CommentsPanelPage(owner.page);
    await mine.open();
    await commentOn(owner.page, mine, "Alpha", "First thread");
    await commentOn(owner.page, mine, "gamma", "Second thread");

    // The owner writes a reply in the first thread; the other member resolves that thread.
    await mine.thread("First thread").getByRole("button", { name: "Reply" }).click();
    await owner.page.keyboard.type("My long reply draft, half written");
    await other.page.goto(new URL(owner.page.url()).pathname);
    const theirs = new CommentsPanelPage(other.page);
    await theirs.open();
    await theirs.thread("First thread").getByRole("button", { name: "Resolve" }).click();

    // The thread moves under "Resolved (1)", shown, with the reply and the focus still in it.
    const resolvedList = owner.page.getByRole("list", { name: "Resolved comments" });
    await resolvedList.getByTestId("comment-thread").filter({ hasText: "First thread" }).waitFor();
    const reply = resolvedList.getByRole("textbox", { name: `Your reply to ${owner.person.name}'s thread on “Alpha”`, exact: true });
    expect(await reply.inputValue()).toBe("My long reply draft, half written");
    await expect.poll(() => owner.page.evaluate(() => (document.activeElement as HTMLTextAreaElement | null)?.value)).toBe("My long reply draft, half written");
    await owner.page.keyboard.type(" and finished.");
    await owner.page.keyboard.press("Control+Enter");
    await resolvedList.getByText("My long reply draft, half written and finished.").waitFor();

    // Resolve and Reopen are said. (Where the focus then goes is not asserted: under load it was not
    // yet reliable, see the closing note of 2026-11-28.)
    const announcement = owner.page.getByTestId("comments-announcement");
    await mine.thread("Second thread").getByRole("button", { name: "Resolve" }).focus();
    await owner.page.keyboard.press("Enter");
    await expect.poll(async () => (await announcement.textContent())?.trim()).toBe("Thread resolved.");

    await resolvedList.getByTestId("comment-thread").filter({ hasText: "Second thread" }).getByRole("button", { name: "Reopen" }).focus();
    await owner.page.keyboard.press("Enter");
    await expect.poll(async () => (await announcement.textContent())?.trim()).toBe("Thread reopened.");
  });

  it("keeps a new comment's words when Escape goes back to the text; an empty one closes", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "draft-escape");
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Escape", markdown: "Words to comment on." });
    await page.goto(`/w/${person.workspaceSlug}/d/${doc.id}`);
    await new EditorPage(page).waitUntilEditable();
    const comments = new CommentsPanelPage(page);
    await comments.open();
    await comments.selectToComment("comment on");
    await page.keyboard.press("Control+Alt+KeyM");
    const composer = page.getByTestId("new-comment");
    await composer.waitFor();
    await page.keyboard.type("Several lines\nof a careful comment");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("ql-editor") ?? false)).toBe(true);
    expect(await composer.locator("textarea").inputValue()).toBe("Several lines\nof a careful comment");
    await composer.getByRole("button", { name: "Cancel" }).click();
    await composer.waitFor({ state: "detached" });
  });
});
