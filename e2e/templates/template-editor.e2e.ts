import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TemplateEditorPage } from "../pages/template-editor-page";
import { withAppAndBrowser } from "../support/app-and-browser";
import { axeViolationsInBothSchemes } from "../support/axe";
import { invitedMemberPage, signedUpPage } from "../support/workspace";

// The template editor (Settings → Templates → Edit) never loses what was typed
// (docs/product.md "Templates"): QA third sweep, items 3, 8 and 10.
const { app, browser } = withAppAndBrowser();

/** The template's stored text, as a document made from it holds it. */
async function storedTemplateText(page: Page, slug: string, templateId: string): Promise<string> {
  const made = await page.request.post("/api/v1/documents", { headers: { origin: app.url }, data: { workspace: slug, title: "From the template", templateId } });
  expect(made.status()).toBe(201);
  const stored = await page.request.get(`/api/v1/documents/${((await made.json()) as { id: string }).id}?format=markdown`);
  return ((await stored.json()) as { markdown: string }).markdown;
}

/** Holds the page's next server action call (the save) until `release()`; `held` resolves once it is sent. */
async function holdNextAction(page: Page): Promise<{ held: Promise<void>; release: () => void }> {
  let markHeld = () => {};
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let isUsed = false;
  await page.route("**/settings/templates/*", async (route: Route) => {
    if (isUsed || route.request().method() !== "POST" || !route.request().headers()["next-action"]) return route.fallback();
    isUsed = true;
    markHeld();
    await released;
    await route.fallback();
  });
  return { held, release };
}

describe("template editor", () => {
  it("keeps what is typed while Save template is on its way, and says it isn't saved", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "template-typist");
    const editor = new TemplateEditorPage(page, person.workspaceSlug);
    await editor.open("Weekly report");
    const templateId = editor.templateId();
    await editor.typeAtEnd(" AAA-before-save");
    const save = await holdNextAction(page);
    await page.getByRole("button", { name: "Save template" }).click();
    await save.held;
    await editor.typeAtEnd(" BBB-during-save");
    save.release();
    await editor.status().filter({ hasText: "Saved the template" }).waitFor();
    await page.getByRole("button", { name: "Save template" }).waitFor();
    expect(await editor.body().innerText()).toContain("AAA-before-save BBB-during-save");
    expect(await editor.status().textContent()).toBe("Saved the template “Weekly report” as it was when you pressed Save. What you typed since isn't saved yet.");
    const stored = await storedTemplateText(page, person.workspaceSlug, templateId);
    expect(stored).toContain("AAA-before-save");
    expect(stored).not.toContain("BBB");
  });

  it("asks before unsaved changes are left: the app's links and the tab's reload, staying keeps them", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "template-leaver");
    const editor = new TemplateEditorPage(page, person.workspaceSlug);
    await editor.open("Decision record");
    await editor.typeAtEnd(" BBB-unsaved");
    expect(await editor.status().textContent()).toBe("Unsaved changes");

    // The app's own links ask first, and staying keeps the words.
    const editorUrl = page.url();
    await page.getByRole("link", { name: "All templates" }).click();
    await editor.leaveDialog().waitFor();
    expect(await axeViolationsInBothSchemes(page)).toEqual([]);
    await editor.stay();
    expect(page.url()).toBe(editorUrl);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("All templates");
    expect(await editor.body().innerText()).toContain("BBB-unsaved");

    // Closing or reloading the tab: the browser's own question.
    const asked = new Promise<string>((resolve) => page.once("dialog", (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))));
    const reloaded = page.reload({ timeout: 3_000 }).then(
      () => "left without asking",
      () => "stayed",
    );
    expect(await Promise.race([asked, reloaded])).toBe("beforeunload");
    expect(await reloaded).toBe("stayed");
    expect(await editor.body().innerText()).toContain("BBB-unsaved");

    // The sidebar's links ask too; agreeing follows the link.
    await page.getByRole("navigation", { name: "Workspace" }).first().getByRole("link", { name: "Home" }).click();
    await editor.leave();
    await page.waitForURL(`**/w/${person.workspaceSlug}`);
  });

  it("leaves without asking once everything is saved", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "template-saver");
    const editor = new TemplateEditorPage(page, person.workspaceSlug);
    await editor.open("Project brief");
    await editor.typeAtEnd(" saved-first");
    await page.getByRole("button", { name: "Save template" }).click();
    await editor.status().filter({ hasText: "Saved the template “Project brief”." }).waitFor();
    await page.getByRole("link", { name: "All templates" }).click();
    await page.waitForURL(`**/w/${person.workspaceSlug}/settings/templates`);
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("tells the later of two people saving the same template, and lets them load the other's or save theirs over it", async () => {
    const owner = await signedUpPage(browser, app.url, "template-owner");
    const admin = await invitedMemberPage(browser, app.url, owner, "admin", "template-admin");
    const slug = owner.person.workspaceSlug;
    const ownerEditor = new TemplateEditorPage(owner.page, slug);
    const adminEditor = new TemplateEditorPage(admin.page, slug);
    await ownerEditor.open("Meeting notes");
    const templateId = ownerEditor.templateId();
    await adminEditor.open("Meeting notes");
    await ownerEditor.typeAtEnd(" OWNER-ADDITION");
    await adminEditor.typeAtEnd(" ADMIN-ADDITION");
    await owner.page.getByRole("button", { name: "Save template" }).click();
    await ownerEditor.status().filter({ hasText: "Saved the template" }).waitFor();

    await admin.page.getByRole("button", { name: "Save template" }).click();
    const conflict = admin.page.getByRole("alert").filter({ hasText: "Someone else saved this template since you opened it" });
    await conflict.waitFor();
    expect(await adminEditor.status().textContent()).toBe("Unsaved changes");
    expect(await adminEditor.body().innerText()).toContain("ADMIN-ADDITION");
    let stored = await storedTemplateText(owner.page, slug, templateId);
    expect(stored).toContain("OWNER-ADDITION");
    expect(stored).not.toContain("ADMIN-ADDITION");
    expect(await axeViolationsInBothSchemes(admin.page)).toEqual([]);

    // Theirs, loaded: the admin's own text is set aside, to put back.
    await conflict.getByRole("button", { name: "Load their version" }).click();
    const kept = admin.page.getByTestId("template-kept-version");
    await kept.waitFor();
    expect(await adminEditor.body().innerText()).toContain("OWNER-ADDITION");
    expect(await adminEditor.body().innerText()).not.toContain("ADMIN-ADDITION");
    expect(await kept.getByLabel("Your version's text").inputValue()).toContain("ADMIN-ADDITION");
    expect(await admin.page.evaluate(() => document.activeElement?.textContent)).toBe("Put my version back");
    expect(await axeViolationsInBothSchemes(admin.page)).toEqual([]);
    await kept.getByRole("button", { name: "Put my version back" }).click();
    expect(await adminEditor.body().innerText()).toContain("ADMIN-ADDITION");
    expect(await adminEditor.status().textContent()).toBe("Unsaved changes");
    // Having seen the owner's, the admin's save goes over it.
    await admin.page.getByRole("button", { name: "Save template" }).click();
    await adminEditor.status().filter({ hasText: "Saved the template" }).waitFor();
    stored = await storedTemplateText(owner.page, slug, templateId);
    expect(stored).toContain("ADMIN-ADDITION");
    expect(stored).not.toContain("OWNER-ADDITION");

    // The owner's page is now behind: its next save is refused, and "Save mine over theirs" saves it anyway.
    await ownerEditor.typeAtEnd(" OWNER-AGAIN");
    await owner.page.getByRole("button", { name: "Save template" }).click();
    const ownerConflict = owner.page.getByRole("alert").filter({ hasText: "Someone else saved this template" });
    await ownerConflict.getByRole("button", { name: "Save mine over theirs" }).click();
    await ownerEditor.status().filter({ hasText: "Saved the template" }).waitFor();
    expect(await ownerConflict.count()).toBe(0);
    stored = await storedTemplateText(owner.page, slug, templateId);
    expect(stored).toContain("OWNER-ADDITION OWNER-AGAIN");
    expect(stored).not.toContain("ADMIN-ADDITION");
  });
});
