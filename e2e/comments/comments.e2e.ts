import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { CommentsPanelPage } from "../pages/comments-panel";
import { ShareDialog } from "../pages/share-dialog";
import type { Person } from "../support/accounts";
import { axeViolationsInBothSchemes } from "../support/axe";
import { withAppAndBrowser } from "../support/app-and-browser";
import { createDocumentViaApi, invitedMemberPage, signedUpPage } from "../support/workspace";

const { app, browser } = withAppAndBrowser();

// The steps build on each other: an owner (who edits) and a commenter on one document.
let owner: { page: Page; person: Person };
let commenter: { page: Page; person: Person };
let ownerComments: CommentsPanelPage;
let commenterComments: CommentsPanelPage;
let documentId: string;
let documentPath: string;

const TEXT = "The quick brown fox jumps over the lazy dog.";

async function activeElementDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()}${element.classList.contains("ql-editor") ? ".ql-editor" : ""}[${element.getAttribute("placeholder") ?? ""}]` : "none";
  });
}

describe("comments", () => {
  it("a commenter comments on a selection; the owner sees its highlight and thread within a second, replies, and the commenter sees the reply", async () => {
    owner = await signedUpPage(browser, app.url, "owner");
    commenter = await invitedMemberPage(browser, app.url, owner, "commenter");
    const created = await createDocumentViaApi(owner.page, app.url, owner.person.workspaceSlug, { title: "Plan", markdown: TEXT });
    documentId = created.id;
    await owner.page.goto(`/w/${owner.person.workspaceSlug}/d/${documentId}`);
    documentPath = new URL(owner.page.url()).pathname;
    await new EditorPage(owner.page).waitUntilEditable();
    await commenter.page.goto(documentPath);
    const commenterEditor = new EditorPage(commenter.page);
    await commenterEditor.body().waitFor();
    ownerComments = new CommentsPanelPage(owner.page);
    commenterComments = new CommentsPanelPage(commenter.page);
    await ownerComments.open();

    // The commenter can't edit the body: no toolbar, not editable, typing changes nothing.
    expect(await commenterEditor.body().getAttribute("contenteditable")).toBe("false");
    expect(await commenterEditor.toolbar().count()).toBe(0);

    // Select, then Ctrl+Alt+M: the composer opens with the focus in it.
    await commenterComments.selectToComment("brown fox");
    await commenter.page.keyboard.press("Control+Alt+KeyM");
    await commenter.page.getByTestId("new-comment").waitFor();
    await expect.poll(() => activeElementDescription(commenter.page)).toBe("textarea[Comment]");
    await commenter.page.keyboard.type("Is it **really** brown?");
    await commenter.page.keyboard.press("Control+Enter");
    await commenterComments.thread("Is it really brown?").waitFor();
    const posted = Date.now();
    await ownerComments.thread("Is it really brown?").waitFor();
    const seenAfter = Date.now() - posted;
    console.log(`[comments] the other editor showed a new thread ${seenAfter} ms after the author's panel did`);
    expect(seenAfter).toBeLessThan(1000);
    expect(await ownerComments.thread("Is it really brown?").locator("strong").textContent()).toBe("really");
    await expect.poll(() => ownerComments.highlightCovers("brown fox")).toBe(true);
    await expect.poll(() => commenterComments.highlightCovers("brown fox")).toBe(true);
    expect(await ownerComments.button().getAttribute("data-open-count")).toBe("1");

    // The owner replies; the commenter sees it within a second.
    const thread = ownerComments.thread("Is it really brown?");
    await thread.getByRole("button", { name: "Reply" }).click();
    await owner.page.keyboard.type("Yes, [see](https://example.com/fox).");
    await owner.page.keyboard.press("Control+Enter");
    await ownerComments.thread("Yes, see.").waitFor();
    const replied = Date.now();
    await commenterComments.thread("Yes, see.").waitFor();
    expect(Date.now() - replied).toBeLessThan(1000);
    expect(await commenterComments.thread("Yes, see.").getByRole("link", { name: "see" }).getAttribute("href")).toBe("https://example.com/fox");
  });

  it("keeps the highlight on the same words when text is inserted before them", async () => {
    const ownerEditor = new EditorPage(owner.page);
    await ownerEditor.body().click();
    await owner.page.keyboard.press("Control+Home");
    await owner.page.keyboard.type("Well, well. ");
    await expect.poll(() => commenter.page.locator(".ql-editor").first().textContent()).toContain("Well, well. The quick");
    await expect.poll(() => ownerComments.highlightCovers("brown fox")).toBe(true);
    await expect.poll(() => commenterComments.highlightCovers("brown fox")).toBe(true);
  });

  it("keeps comments out of the stored body, the Markdown export and the published page", async () => {
    const ownerEditor = new EditorPage(owner.page);
    await ownerEditor.waitUntilSaved();
    const stored = await ownerEditor.storedDocument(documentId);
    expect(stored.delta.ops.every((op) => !op.attributes)).toBe(true);
    const markdown = await (await owner.page.request.get(`/api/v1/documents/${documentId}/export?format=md`)).text();
    expect(markdown).toContain("brown fox");
    expect(markdown).not.toMatch(/really|Yes, see|comment/i);

    await owner.page.goto(`${documentPath}/share`);
    const sharePath = await new ShareDialog(owner.page).createLink();
    const published = await (await fetch(`${app.url}${sharePath}`)).text();
    expect(published).toContain("brown fox");
    expect(published).not.toMatch(/really|Yes, see|comment-highlight|comments-panel/);
    await owner.page.goto(documentPath);
    await ownerEditor.waitUntilEditable();
    await ownerComments.open();
  });

  it("opens the composer from the keyboard and goes back to the text on Escape", async () => {
    await ownerComments.selectToComment("lazy dog");
    await owner.page.keyboard.press("Control+Alt+KeyM");
    await expect.poll(() => activeElementDescription(owner.page)).toBe("textarea[Comment]");
    await owner.page.keyboard.press("Escape");
    await expect.poll(() => activeElementDescription(owner.page)).toBe("div.ql-editor[]");
    expect(await owner.page.getByTestId("new-comment").count()).toBe(0);
  });

  it("lists a thread whose text was deleted as on deleted text, and puts it back on its words when the deletion is undone", async () => {
    const onDeletedText = (comments: CommentsPanelPage) =>
      comments.page.locator('[data-testid=comment-thread][data-state="deleted-text"]').filter({ hasText: "On deleted text: “brown fox”" });
    // A whole sentence around the words: the undo brings them back inside a longer insert.
    await ownerComments.select("quick brown fox jumps");
    await owner.page.keyboard.press("Backspace");
    for (const comments of [ownerComments, commenterComments]) {
      await onDeletedText(comments).waitFor();
      await expect.poll(() => comments.highlights().count()).toBe(0);
    }
    // Undo inserts the words anew (new Yjs items): the thread follows them, for everyone.
    await owner.page.keyboard.press("Control+z");
    for (const comments of [ownerComments, commenterComments]) {
      await expect.poll(() => comments.highlightCovers("brown fox")).toBe(true);
      await expect.poll(() => onDeletedText(comments).count()).toBe(0);
    }
    await ownerComments.select("brown fox");
    await owner.page.keyboard.press("Backspace");
    for (const comments of [ownerComments, commenterComments]) await onDeletedText(comments).waitFor();
  });

  it("resolves a thread for everyone: the open count drops", async () => {
    await commenterComments.thread("Is it really brown?").getByRole("button", { name: "Resolve" }).click();
    await expect.poll(() => ownerComments.button().getAttribute("data-open-count")).toBe("0");
    await owner.page.getByRole("button", { name: "Resolved (1)" }).click();
    await ownerComments.thread("Is it really brown?").getByRole("button", { name: "Reopen" }).waitFor();
  });

  it("takes a thread on the whole document, and the keyboard walks the threads", async () => {
    await commenter.page.getByRole("button", { name: "Comment on the document" }).click();
    await expect.poll(() => activeElementDescription(commenter.page)).toBe("textarea[Comment]");
    await commenter.page.keyboard.type("Overall: good.");
    await commenter.page.keyboard.press("Control+Enter");
    // Exactly: the thread's Reply and Resolve now name "… thread on the document" too.
    await ownerComments.thread("Overall: good.").getByRole("button", { name: "On the document", exact: true }).waitFor();
    // Reopen the first so both are listed as open: the one on the document first, then the deleted text's.
    await commenter.page.getByRole("button", { name: "Resolved (1)" }).click();
    await commenterComments.thread("Is it really brown?").getByRole("button", { name: "Reopen" }).click();
    const navs = commenter.page.getByTestId("comments-panel").getByRole("list", { name: "Open comments" }).locator("[data-thread-nav]");
    await expect.poll(() => navs.count()).toBe(2);
    await navs.first().focus();
    await commenter.page.keyboard.press("ArrowDown");
    await expect.poll(() => commenter.page.evaluate(() => document.activeElement?.textContent)).toBe("On deleted text: “brown fox”");
    await commenter.page.keyboard.press("ArrowUp");
    await expect.poll(() => commenter.page.evaluate(() => document.activeElement?.textContent)).toBe("On the document");
  });

  it("names every thread's and comment's buttons by whose and which, so a screen reader's list tells them apart", async () => {
    // QA third report item 16: both threads' buttons were "Reply", "Resolve", "Delete"… alike.
    const openList = commenter.page.getByTestId("comments-panel").getByRole("list", { name: "Open comments" });
    const names = async (label: string) =>
      openList.getByRole("button", { name: new RegExp(`^${label} `) }).evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label") ?? ""));
    const commenterName = commenter.person.name;
    expect(await names("Reply")).toEqual([`Reply to ${commenterName}'s thread on the document: “Overall: good.”`, `Reply to ${commenterName}'s thread on deleted text “brown fox”`]);
    expect(await names("Resolve")).toEqual([`Resolve ${commenterName}'s thread on the document: “Overall: good.”`, `Resolve ${commenterName}'s thread on deleted text “brown fox”`]);
    expect(await names("Delete")).toEqual([`Delete ${commenterName}'s comment: “Overall: good.”`, `Delete ${commenterName}'s comment: “Is it really brown?”`]);
    // Each name, as the browser computes it, belongs to one button only; the visible labels stay short.
    for (const label of ["Reply", "Resolve", "Edit", "Delete", "React"]) {
      for (const name of await names(label)) expect([name, await openList.getByRole("button", { name, exact: true }).count()]).toEqual([name, 1]);
    }
    expect(await openList.getByRole("button", { name: /^Delete / }).first().textContent()).toBe("Delete");
  });

  it("names a reply box's and an edit box's text box and buttons by the thread or comment they act on", async () => {
    // QA fourth pass: every open box's were "Reply", "Save" and "Cancel" alike, whichever thread or comment it was in.
    const thread = commenterComments.thread("Overall: good.");
    const named = (role: "button" | "textbox", name: string) => thread.getByRole(role, { name, exact: true });
    const subject = `${commenter.person.name}'s thread on the document: “Overall: good.”`;
    await named("button", `Reply to ${subject}`).click();
    // The box takes the thread's Reply's place: its own Reply (the submit) is named as that one was.
    await expect.poll(() => named("textbox", `Your reply to ${subject}`).evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await named("button", `Reply to ${subject}`).evaluate((button) => [button.getAttribute("type"), button.textContent])).toEqual(["submit", "Reply"]);
    expect(await named("button", `Cancel reply to ${subject}`).textContent()).toBe("Cancel");
    await named("button", `Cancel reply to ${subject}`).click();
    await named("textbox", `Your reply to ${subject}`).waitFor({ state: "detached" });

    const comment = `${commenter.person.name}'s comment: “Overall: good.”`;
    await named("button", `Edit ${comment}`).click();
    await expect.poll(() => named("textbox", `Edit ${comment}`).evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await named("button", `Save edit of ${comment}`).textContent()).toBe("Save");
    expect(await named("button", `Cancel edit of ${comment}`).textContent()).toBe("Cancel");
    await named("button", `Cancel edit of ${comment}`).click();
    await named("textbox", `Edit ${comment}`).waitFor({ state: "detached" });
  });

  it("has no axe violations on the comments panel, light and dark, wide and as a 360 px sheet", async () => {
    // Alone on the document: the presence avatars of a second person are not this test's subject.
    await owner.page.goto(`/w/${owner.person.workspaceSlug}`);
    await expect.poll(() => commenter.page.locator("article .ring-2").count(), { timeout: 40_000 }).toBe(0);
    await commenterComments.thread("Overall: good.").getByRole("button", { name: "React" }).first().click();
    await commenter.page.getByRole("button", { name: "Celebrate" }).click();
    await commenterComments.thread("Overall: good.").getByRole("button", { name: "Celebrate: 1" }).waitFor();
    expect(await axeViolationsInBothSchemes(commenter.page)).toEqual([]);
    await commenter.page.setViewportSize({ width: 360, height: 740 });
    const box = await commenterComments.panel().boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(await axeViolationsInBothSchemes(commenter.page)).toEqual([]);
  });
});
