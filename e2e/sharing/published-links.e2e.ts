import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ShareDialog } from "../pages/share-dialog";
import { newContext } from "../support/browser";
import { withAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

// QA item 9: a link between documents (what the editor's "@" picker inserts: `/w/<workspace>/d/<doc>`)
// on a published page leads to the published page of the document it names, and no link shows the
// workspace's address or sends a signed-out reader to sign in.

const { app, browser } = withAppAndBrowser();

async function createDocument(page: Page, body: Record<string, unknown>): Promise<{ id: string; url: string }> {
  const response = await page.request.post("/api/v1/documents", { headers: { origin: app.url }, data: body });
  if (response.status() !== 201) throw new Error(`create document: ${response.status()} ${await response.text()}`);
  return response.json();
}

describe("links on a published page", () => {
  it("lead a signed-out reader to the published pages of the documents they name, and show no workspace address", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "linker");
    const workspace = person.workspaceSlug;
    const root = await createDocument(page, { workspace, title: "Handbook", markdown: "# Welcome\n\nStart here." });
    const secret = await createDocument(page, { workspace, title: "Salaries", markdown: "Not for the public." });
    // The child links to its parent (a heading of it), to a private document and to another site.
    const child = await createDocument(page, {
      workspace,
      title: "Chapter",
      parentId: root.id,
      delta: {
        ops: [
          { insert: "Back to " },
          { insert: "Handbook", attributes: { link: `${root.url}#h-welcome` } },
          { insert: ", not " },
          { insert: "Salaries", attributes: { link: secret.url } },
          { insert: ", see " },
          { insert: "the web", attributes: { link: "https://example.com/" } },
          { insert: ".\n" },
        ],
      },
    });

    await page.goto(`${root.url}/share`);
    const dialog = new ShareDialog(page);
    await dialog.fullPage().waitFor();
    await dialog.option("Include child documents").check();
    const sharePath = await dialog.createLink();

    const reader = await (await newContext(browser, app.url)).newPage();
    await reader.goto(`${sharePath}/chapter-${child.id}`);
    const body = reader.locator("article .ql-editor");
    expect(await body.textContent()).toBe("Back to Handbook, not Salaries, see the web.");
    expect(await body.getByRole("link").evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute("href")]))).toEqual([
      ["Handbook", `${sharePath}#h-welcome`],
      ["the web", "https://example.com/"],
    ]);
    expect(await reader.content()).not.toContain(`/w/${workspace}`);

    // Followed, the link opens the parent's published page (a new tab, as links in documents do), not a sign-in.
    const [opened] = await Promise.all([reader.context().waitForEvent("page"), body.getByRole("link", { name: "Handbook" }).click()]);
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname).toBe(sharePath);
    expect(await opened.getByRole("heading", { level: 1 }).first().textContent()).toBe("Handbook");
    await reader.context().close();
  });
});
