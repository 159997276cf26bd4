import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import { cookieHeader, signInViaApi } from "../support/accounts";
import { connectCollab } from "@test/collab-client";
import { signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

describe("editor rules on the server", () => {
  it("stores a link entered as javascript:alert(1) as about:blank", async () => {
    const { page } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().click();
    await page.keyboard.type("Click me");
    await page.keyboard.press("Shift+Home");
    await page.locator(".ql-toolbar .ql-link").click();
    await page.locator(".ql-tooltip[data-mode=link] input").fill("javascript:alert(1)");
    await page.locator(".ql-tooltip[data-mode=link] input").press("Enter");
    await editor.waitUntilSaved();
    await expect.poll(async () => (await editor.storedDocument()).delta.ops[0]).toEqual({ insert: "Click me", attributes: { link: "about:blank" } });
  });

  it("says why a refused link address became blank, in a labelled link box (the stored link stays about:blank)", async () => {
    const { page } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().click();
    await page.keyboard.type("Fine and Click me");
    const refusal = page.getByRole("status").filter({ hasText: "Only http, https, mailto and tel links are allowed" });
    // Named for screen readers: its only hint was the placeholder "https://quilljs.com".
    const box = page.getByRole("group", { name: "Edit link" }).getByRole("textbox", { name: "Link address" });

    await page.keyboard.press("Home");
    await page.keyboard.press("Shift+End");
    for (let i = 0; i < " and Click me".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    await page.locator(".ql-toolbar .ql-link").click();
    await box.fill("https://example.com/");
    await box.press("Enter");
    await expect.poll(async () => (await editor.storedDocument()).delta.ops[0]).toEqual({ insert: "Fine", attributes: { link: "https://example.com/" } });
    expect(await refusal.count()).toBe(0); // an allowed address says nothing

    await page.keyboard.press("End");
    for (let i = 0; i < "Click me".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    await page.locator(".ql-toolbar .ql-link").click();
    await box.fill("javascript:alert(1)");
    await box.press("Enter");
    await expect.poll(() => refusal.count()).toBe(1);
    await editor.waitUntilSaved();
    await expect.poll(async () => (await editor.storedDocument()).delta.ops.at(-2)).toEqual({ insert: "Click me", attributes: { link: "about:blank" } });
  });

  it("never stores or relays what a crafted client sends: a javascript: link, an ftp: image", async () => {
    const { page, person } = await signedUpPage(browser, app.url);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().click();
    await page.keyboard.type("Safe text");
    await editor.waitUntilSaved();

    const cookie = cookieHeader(await signInViaApi(app.url, person));
    const attacker = connectCollab(app.port, editor.documentId(), { cookie });
    const watcher = connectCollab(app.port, editor.documentId(), { cookie });
    try {
      await expect.poll(() => attacker.events.includes("synced") && watcher.events.includes("synced")).toBe(true);
      const body = attacker.doc.getText("body");
      body.insert(body.length, "evil", { link: "javascript:alert(1)" });
      body.insertEmbed(body.length, { image: "ftp://x/y.png" });
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(JSON.stringify(watcher.doc.getText("body").toDelta())).not.toMatch(/javascript:|ftp:/);
      expect(await editor.body().innerHTML()).not.toMatch(/javascript:|ftp:/);
      const stored = JSON.stringify((await editor.storedDocument()).delta);
      expect(stored).not.toMatch(/javascript:|ftp:/);
      expect(stored).toContain("Safe text");
      // The sender is told its change was adjusted, in words a person can read.
      // (Beside the access message every connection gets first.)
      expect(attacker.events.some((e) => e.startsWith("stateless:") && e.includes("quire:update-adjusted"))).toBe(true);
    } finally {
      attacker.close();
      watcher.close();
    }
  });
});
