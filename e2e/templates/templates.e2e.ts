import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseFromDocumentMenu } from "../pages/document-menu";
import { EditorPage } from "../pages/editor-page";
import { SignUpPage } from "../pages/sign-up-page";
import type { Person } from "../support/accounts";
import { newPerson } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { createDocumentViaApi } from "../support/workspace";

// Templates end to end (docs/product.md "Templates"): the browser sits in UTC+14, so "today"
// there is often not the server's (UTC) day — the filled date must be the creator's.
const TIME_ZONE = "Pacific/Kiritimati";
let app: RunningApp | undefined;
let browser: Browser | undefined;
let page: Page;
let person: Person;
let editor: EditorPage;

beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
  const context = await browser.newContext({ baseURL: app.url, timezoneId: TIME_ZONE, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  person = newPerson("templater");
  await new SignUpPage(page).signUp(person);
  editor = new EditorPage(page);
});

afterAll(async () => {
  await stopAppAndBrowser(app, browser);
});

/** Today in the browser's zone, as the app writes dates ("Nov 26, 2026"). */
const today = () => page.evaluate(() => new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(new Date()));

async function pickTemplate(name: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: new RegExp(`^${name}`) }).click();
}

describe("templates", () => {
  it("makes a document from the meeting notes with today's date and the creator's name (sidebar)", async () => {
    await page.getByRole("navigation", { name: "Workspace" }).first().getByRole("button", { name: "New from template" }).click();
    await expect.poll(() => page.getByRole("dialog").getByRole("heading").textContent()).toBe("New from template");
    await pickTemplate("Meeting notes");
    await page.waitForURL(/\/d\/meeting-notes-[a-z0-9]{12}$/);
    await editor.waitUntilEditable();
    expect(await editor.title().inputValue()).toBe("Meeting notes");
    const text = await editor.body().innerText();
    expect(text).toContain(`Date: ${await today()}`);
    expect(text).toContain(`Notes by: ${person.name}`);
    expect(text).not.toContain("{{");
    expect(await editor.body().locator("h2", { hasText: "Action items" }).count()).toBe(1);
  });

  it("saves a document as a template and makes a new document from it (palette)", async () => {
    const source = await createDocumentViaApi(page, app!.url, person.workspaceSlug, { title: "Release", markdown: "## Checklist\n\nPrepared by {{author}} for {{title}}; {{version}} stays.\n\n- [ ] Tag it" });
    await page.goto(`/w/${person.workspaceSlug}/d/release-${source.id}`);
    await editor.waitUntilEditable();
    await chooseFromDocumentMenu(page, "Save as template…");
    const dialog = page.getByRole("dialog", { name: "Save as template" });
    await dialog.getByLabel("Template name").fill("Release checklist");
    await dialog.getByLabel("Description (optional)").fill("Before each release");
    await dialog.getByRole("button", { name: "Save template" }).click();
    await expect.poll(() => page.getByTestId("template-notice").textContent()).toContain("Saved the template “Release checklist”.");

    await page.keyboard.press("Control+k");
    await page.getByRole("option", { name: "New from template" }).click();
    await pickTemplate("Release checklist");
    await page.waitForURL(/\/d\/release-checklist-[a-z0-9]{12}$/);
    await editor.waitUntilEditable();
    const text = await editor.body().innerText();
    expect(text).toContain(`Prepared by ${person.name} for Release checklist; {{version}} stays.`);
    expect(await editor.body().locator("h2", { hasText: "Checklist" }).count()).toBe(1);
    expect(await editor.body().locator('li[data-list="unchecked"]', { hasText: "Tag it" }).count()).toBe(1);
  });

  it("starts an empty document from a template, and inserts one with the / menu", async () => {
    const empty = await createDocumentViaApi(page, app!.url, person.workspaceSlug, { title: "Weekly", markdown: "" });
    await page.goto(`/w/${person.workspaceSlug}/d/weekly-${empty.id}`);
    await editor.waitUntilEditable();
    await page.getByRole("button", { name: "Start from a template" }).click();
    await pickTemplate("Weekly report");
    await expect.poll(() => editor.body().innerText()).toContain(`Week of: ${await today()}`);
    await expect.poll(() => page.getByRole("button", { name: "Start from a template" }).count()).toBe(0);

    // At the end, on a new empty line: "/temp", Enter, then a template.
    await editor.body().click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("/temp");
    await page.getByRole("option", { name: /^Template/ }).waitFor();
    await page.keyboard.press("Enter");
    await pickTemplate("Decision record");
    await expect.poll(() => editor.body().innerText()).toContain(`Decided by: ${person.name}`);
    expect(await editor.body().innerText()).not.toContain("/temp");
    await editor.waitUntilSaved();
  });

  it("creates, edits and deletes a template in Settings → Templates, with confirmation", async () => {
    await page.goto(`/w/${person.workspaceSlug}/settings/templates`);
    await page.getByLabel("Template name").fill("Retro");
    await page.getByLabel("Description (optional)").fill("What went well");
    await page.getByRole("button", { name: "Create and edit" }).click();
    await page.waitForURL(/\/settings\/templates\/[0-9a-f-]{36}$/);
    const body = page.getByTestId("template-editor").locator(".ql-editor");
    await body.waitFor();
    await body.click();
    await page.keyboard.type("Went well on {{date}}");
    await page.getByRole("button", { name: "Save template" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Saved the template" }).count()).toBe(1);

    // The edited body is what a new document gets (made here through the API, in the browser's zone).
    const listed = await page.request.get(`/api/v1/templates?workspace=${person.workspaceSlug}`);
    const retro = ((await listed.json()) as { data: Array<{ id: string; name: string }> }).data.find((t) => t.name === "Retro");
    const made = await page.request.post("/api/v1/documents", { headers: { origin: app!.url }, data: { workspace: person.workspaceSlug, title: "Retro 1", templateId: retro?.id, timeZone: TIME_ZONE } });
    expect(made.status()).toBe(201);
    const stored = await page.request.get(`/api/v1/documents/${((await made.json()) as { id: string }).id}?format=markdown`);
    expect(JSON.stringify(await stored.json())).toContain(`Went well on ${await today()}`);

    await page.getByRole("link", { name: "All templates" }).click();
    const row = page.locator("li[data-template-id]", { hasText: "Retro" });
    await expect.poll(() => row.textContent()).toContain(`By ${person.name}`);
    await page.getByRole("button", { name: "Delete Retro" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this template?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(await row.count()).toBe(1);
    await page.getByRole("button", { name: "Delete Retro" }).click();
    await confirm.getByRole("button", { name: "Delete template" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Deleted the template “Retro”." }).count()).toBe(1);
    await expect.poll(() => row.count()).toBe(0);

    const after = await page.request.get(`/api/v1/templates?workspace=${person.workspaceSlug}`);
    expect(((await after.json()) as { data: Array<{ name: string }> }).data.map((t) => t.name)).not.toContain("Retro");
  });

  it("renames a template in Settings → Templates: the fields start from it, a blank name or no answer is said, focus goes back to Rename", async () => {
    await page.goto(`/w/${person.workspaceSlug}/settings/templates`);
    await page.getByLabel("Template name").fill("Standup");
    await page.getByRole("button", { name: "Create and edit" }).click();
    await page.waitForURL(/\/settings\/templates\/[0-9a-f-]{36}$/);
    await page.getByRole("link", { name: "All templates" }).click();

    const dialog = page.getByRole("dialog", { name: "Rename template" });
    const name = dialog.getByLabel("Template name");
    const save = dialog.getByRole("button", { name: "Save", exact: true });
    await page.getByRole("button", { name: "Rename Standup" }).click();
    expect(await name.inputValue()).toBe("Standup");
    await name.fill("   ");
    await save.click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("Name the template.");
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    // Closed without saving, it forgets what was typed and the error.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole("button", { name: "Rename Standup" }).click();
    expect(await name.inputValue()).toBe("Standup");
    expect(await dialog.getByRole("alert").count()).toBe(0);

    // No answer at all: the dialog says so and keeps what was typed.
    await name.fill("Daily standup");
    await dialog.getByLabel("Description (optional)").fill("Fifteen minutes");
    await page.context().setOffline(true);
    await save.click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toContain("Can't reach Quire.");
    await page.context().setOffline(false);
    expect(await name.inputValue()).toBe("Daily standup");
    await save.click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Saved the template “Daily standup”." }).count()).toBe(1);
    expect(await dialog.count()).toBe(0);
    await expect.poll(() => page.locator("li[data-template-id]", { hasText: "Daily standup" }).textContent()).toContain("Fifteen minutes");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Rename Daily standup");
  });
});
