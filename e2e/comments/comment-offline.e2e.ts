import { describe, expect, it } from "vitest";
import { CommentsPanelPage } from "../pages/comments-panel";
import { EditorPage } from "../pages/editor-page";
import { withAppAndBrowser } from "../support/app-and-browser";
import { createDocumentViaApi, signedUpPage } from "../support/workspace";

const { app, browser } = withAppAndBrowser();

// A comment sent with no connection says so and keeps its text; sending again works once back online.
describe("a comment sent while offline", () => {
  it("keeps its text with a message, and is posted by sending again online", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "offline-commenter");
    const created = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Notes", markdown: "Ship the draft on Friday." });
    await page.goto(`/w/${person.workspaceSlug}/d/${created.id}`);
    await new EditorPage(page).waitUntilEditable();
    const comments = new CommentsPanelPage(page);
    await comments.open();
    await comments.selectToComment("on Friday");
    await page.keyboard.press("Control+Alt+KeyM");
    const composer = page.getByTestId("new-comment");
    await composer.waitFor();
    await page.keyboard.type("Or Thursday?");

    await page.context().setOffline(true);
    await page.keyboard.press("Control+Enter");
    await composer.getByText("Can't reach Quire. Check your connection, then try again").waitFor();
    expect(await composer.locator("textarea").inputValue()).toBe("Or Thursday?");
    const send = composer.getByRole("button", { name: "Comment", exact: true });
    expect(await send.isDisabled()).toBe(false);

    await page.context().setOffline(false);
    await send.click();
    await comments.thread("Or Thursday?").waitFor();
    const stored = (await page.evaluate(async (id) => (await fetch(`/api/v1/documents/${id}/comments`)).json(), created.id)) as { threads: Array<{ comments: Array<{ text?: string; body?: unknown }> }> };
    expect(JSON.stringify(stored)).toContain("Or Thursday?");
  });
});
