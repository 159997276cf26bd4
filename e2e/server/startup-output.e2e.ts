import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { createDocumentViaApi, signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

// A production server says it is ready and then nothing alarming while people use it: no
// library warning (a second copy of Yjs breaks its constructor checks, yjs#438; better-auth
// without a base URL). Output is what operators read first when something is wrong.

const { app, browser } = withAppAndBrowser();

describe("a production server's output", () => {
  it("holds no warning after sign-up, a document created through the API, and typing in the editor", async () => {
    const { page, person } = await signedUpPage(browser, app.url);
    const document = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Quiet", markdown: "# Quiet\n\nA body." });
    await page.goto(`/w/${person.workspaceSlug}/d/quiet-${document.id}`);
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().click();
    await page.keyboard.type("typed ");
    await editor.waitUntilSaved();

    const lines = app.output().split("\n").filter((line) => line.trim() !== "");
    const noisy = lines.filter((line) => /warn|already imported|deprecat|error/i.test(line));
    expect(noisy).toEqual([]);
  });

  it("takes the config the build resolved: next.config.ts is not compiled again and Next's SWC addon is never loaded", async () => {
    // The addon is 26 MiB resident for the life of the process (docs/configuration.md "Memory").
    const response = await fetch(`${app.url}/login`);
    expect(response.status).toBe(200);
    expect(app.output()).not.toContain("Running next.config.ts");
    expect(fs.readFileSync(`/proc/${app.process.pid}/maps`, "utf8")).not.toContain("next-swc");
  });
});
