import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { HistoryPage } from "../pages/history-page";
import { createDocumentViaApi, invitedMemberPage, signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

// docs/product.md "History and restore". QA's t05: a co-editor typing while someone restored a
// version saw their last words vanish, with no word of why or where they went.
describe("a version restored while someone types", () => {
  it("tells the typist who restored which version and links the revision holding their words; nothing typed is lost", async () => {
    const owner = await signedUpPage(browser, app.url, "restorer");
    const typist = await invitedMemberPage(browser, app.url, owner, "editor", "typist");
    const doc = await createDocumentViaApi(owner.page, app.url, owner.person.workspaceSlug, { title: "Restore", markdown: "Version one text." });
    const address = `/w/${owner.person.workspaceSlug}/d/${doc.id}`;
    const ownerEditor = new EditorPage(owner.page);
    await owner.page.goto(address);
    await ownerEditor.waitUntilEditable();
    await new HistoryPage(owner.page).saveVersion("v1");
    const [version] = ((await (await owner.page.request.get(`/api/v1/documents/${doc.id}/revisions`)).json()) as { data: Array<{ id: string; name: string | null }> }).data;
    expect(version?.name).toBe("v1");

    const editor = new EditorPage(typist.page);
    await typist.page.goto(address);
    await editor.waitUntilEditable();
    await editor.body().click();
    await typist.page.keyboard.press("Control+End");
    const words = Array.from({ length: 30 }, (_, i) => `w${String(i).padStart(2, "0")}`);
    let typed = 0;
    const typing = (async () => {
      for (const word of words) {
        await typist.page.keyboard.type(` ${word}`, { delay: 20 });
        typed += 1;
      }
    })();
    // Mid-typing, once the server has some of the words.
    await expect.poll(async () => (await editor.storedText(doc.id)).includes("w05"), { interval: 50 }).toBe(true);
    const restored = await owner.page.request.post(`/api/v1/documents/${doc.id}/revisions/${version!.id}/restore`, { headers: { origin: app.url } });
    expect(restored.status()).toBe(201);
    const typedBeforeRestore = typed;
    await typing;
    expect(typedBeforeRestore).toBeLessThan(words.length); // the restore really came mid-typing
    await editor.waitUntilSaved();

    // Told, in the typist's editor: who, which version, and where the replaced text is.
    const notice = typist.page.getByTestId("collab-notice");
    await notice.filter({ hasText: `${owner.person.name} restored the version of` }).waitFor();
    expect(await notice.textContent()).toContain("(“v1”)");
    const keptIn = ((await (await owner.page.request.get(`/api/v1/documents/${doc.id}/revisions`)).json()) as { data: Array<{ id: string; kind: string }> }).data[0];
    expect(keptIn?.kind).toBe("restore");
    const link = notice.getByRole("link", { name: "See the text from before" });
    expect(await link.getAttribute("href")).toMatch(new RegExp(`/history/${keptIn!.id}$`));

    // Nothing typed is lost: what reached the server before the restore is in that revision, the
    // rest (in flight, or typed after) went on after the restored text, in order. A word may be
    // split between the two, so the typed characters are compared as one stream.
    const base = "Version one text.";
    const live = (await editor.body().textContent()) ?? "";
    expect(live.startsWith(base)).toBe(true);
    await expect.poll(() => editor.storedText(doc.id)).toBe(`${live}\n`);
    await link.click();
    const kept = (await typist.page.getByTestId("revision-body").locator(".ql-editor").textContent()) ?? "";
    expect(kept.startsWith(base)).toBe(true);
    expect(kept.slice(base.length) + live.slice(base.length)).toBe(words.map((word) => ` ${word}`).join(""));
    expect(live.length).toBeGreaterThan(base.length); // some of it was typed after the restore
  });
});
