import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_CONNECTIONS_TEXT } from "@/editor/connection/use-collab-notice";
import { CLOSE_TOO_MANY_CONNECTIONS } from "@/shared/protocol/close-codes";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import { launchBrowser } from "../support/browser";
import { connectCollab } from "@test/collab-client";
import type { RunningApp } from "../support/start-app";
import { startApp } from "../support/start-app";
import { stopAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

// A server whose sessions may hold two live-editing sockets (COLLAB_MAX_CONNECTIONS_PER_SESSION).
let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ env: { COLLAB_MAX_CONNECTIONS_PER_SESSION: "2" } }), launchBrowser()]);
});
afterAll(() => stopAppAndBrowser(app, browser));

const REFUSED = `closed: ${CLOSE_TOO_MANY_CONNECTIONS} Too many connections`;

/** A signed-up person on a new document's editor, and a /collab client in the same browser session. */
async function editorWithSessionClient(label: string) {
  const { page } = await signedUpPage(browser, app.url, label);
  await new Sidebar(page).newTopLevelDocument();
  const editor = new EditorPage(page);
  await editor.waitUntilEditable();
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  const connect = () => connectCollab(app.port, editor.documentId(), { cookie, origin: app.url });
  return { page, editor, connect };
}

const notice = (page: Page) => page.getByTestId("collab-notice");
/** The notice's message, without its button. */
const noticeText = (page: Page) => notice(page).locator("span").first().textContent();

describe("/collab connection limits", () => {
  it("refuses the session's socket past its limit with its close code, the editor says why, and it gets in once one closes", async () => {
    const { page, editor, connect } = await editorWithSessionClient("tabs");
    const second = connect();
    const third = connect();
    try {
      await expect.poll(() => second.events.includes("synced")).toBe(true);
      await expect.poll(() => third.events).toContain(REFUSED);
      expect(third.events).not.toContain("synced");
      third.close();

      const otherTab = await page.context().newPage();
      await otherTab.goto(page.url());
      await expect.poll(() => noticeText(otherTab)).toBe(TOO_MANY_CONNECTIONS_TEXT);
      expect(await editor.status().textContent()).toBe("Saved"); // the tabs already open keep working

      second.close();
      // The refused editor retries by itself (1 s, doubling) and takes the freed place.
      const otherEditor = new EditorPage(otherTab);
      await otherEditor.waitUntilSaved();
      expect(await notice(otherTab).count()).toBe(0);
      await otherEditor.body().click();
      await otherTab.keyboard.type("Let in.");
      await expect.poll(() => editor.body().textContent()).toBe("Let in.");
    } finally {
      second.close();
      third.close();
    }
  });

  it("lets an editor at its session's limit reconnect after a network drop", async () => {
    const { page, editor, connect } = await editorWithSessionClient("dropped");
    const second = connect();
    try {
      await expect.poll(() => second.events.includes("synced")).toBe(true);
      await page.context().setOffline(true);
      await expect.poll(() => editor.status().textContent()).toBe("Offline — your changes are kept on this device");
      await editor.body().click();
      await page.keyboard.type("Typed offline.");
      await page.context().setOffline(false);
      await editor.waitUntilSaved();
      expect(await notice(page).count()).toBe(0);
      await expect.poll(() => second.doc.getText("body").toString().trim()).toBe("Typed offline.");
    } finally {
      second.close();
    }
  });
});
