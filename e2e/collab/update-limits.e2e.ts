import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as encoding from "lib0/encoding";
import { writeUpdate } from "y-protocols/sync";
import * as Y from "yjs";
import { REFUSED_CHANGE_LEFT_BEHIND_TEXT } from "@/editor/connection/use-collab-notice";
import { REFUSED_UPDATE_TEXT } from "@/shared/protocol/close-codes";
import { collabDocumentName } from "@/shared/protocol/document-name";
import { connectCollab } from "@test/collab-client";
import { EditorPage } from "../pages/editor-page";
import { cookieHeader, signInViaApi } from "../support/accounts";
import { launchBrowser } from "../support/browser";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";
import { whileCheckingHealth } from "../support/while-checking-health";
import { createDocumentViaApi, signedUpPage } from "../support/workspace";

// QA third sweep #4, end to end: one editor's socket message of 900,000 one-character items (9.9 MB,
// under the frame limit) held the whole server for seconds. Such a message is now refused from its
// headers, and a burst of large messages the server takes is handled in runs of about 50 ms, while
// /api/health keeps answering. How long each took and the slowest health check meanwhile are
// printed, not asserted (a loaded CI machine is no clock). Then the editor's side: a change past
// the limit (set low here) tells the person why.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * `messages` updates of `count` one-character inserts each at the start of the body (so that none
 * merge: QA's flood), made in `client`'s document before anything is timed, unsent: its provider
 * sends no change it made itself. Applying 900,000 items blocks this process, and the health checks
 * it times, for seconds; the server's broadcast of them back then costs it little.
 */
function floods(client: ReturnType<typeof connectCollab>, count: number, messages = 1): Uint8Array[] {
  const body = client.doc.getText("body");
  return Array.from({ length: messages }, () => {
    const before = Y.encodeStateVector(client.doc);
    client.doc.transact(() => {
      for (let i = 0; i < count; i += 1) body.insert(0, "x");
    }, client.provider);
    return Y.encodeStateAsUpdate(client.doc, before);
  });
}

/** Sends `update` on `client`'s socket as its provider sends a change. */
function send(client: ReturnType<typeof connectCollab>, documentName: string, update: Uint8Array): void {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, documentName);
  encoding.writeVarUint(encoder, 0); // Hocuspocus's MessageType.Sync
  writeUpdate(encoder, update);
  client.provider.configuration.websocketProvider.send(encoding.toUint8Array(encoder));
}

function report(label: string, elapsedMs: number, slowestHealthMs: number): void {
  console.log(`[update limits] ${label}: ${elapsedMs.toFixed(0)} ms; slowest health check meanwhile ${slowestHealthMs.toFixed(0)} ms`);
}

describe("a flood of items over /collab, at the default limits", () => {
  let app: RunningApp;
  let cookie: string;
  let documentId: string;
  beforeAll(async () => {
    app = await startApp();
    const { page, person } = await signedUpPage(browser, app.url, "flood");
    cookie = cookieHeader(await signInViaApi(app.url, person));
    ({ id: documentId } = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Flooded", markdown: "start" }));
  });
  afterAll(async () => stopApp(app));

  it("refuses one message of 900,000 items, telling its sender why, while the server keeps answering", async () => {
    const attacker = connectCollab(app.port, documentId, { cookie });
    const watcher = connectCollab(app.port, documentId, { cookie });
    try {
      await expect.poll(() => attacker.events.includes("synced") && watcher.events.includes("synced")).toBe(true);
      const [update] = floods(attacker, 900_000);
      const { slowestHealthMs, elapsedMs } = await whileCheckingHealth(app.url, async () => {
        send(attacker, collabDocumentName(documentId), update ?? new Uint8Array());
        await expect.poll(() => attacker.events, { timeout: 60_000 }).toContain("closed: 1000 update_too_large");
      });
      report("900,000 items in one message, refused", elapsedMs, slowestHealthMs);
      // Nobody got any of it, and the document still works for everyone else.
      watcher.doc.getText("body").insert(0, "After the flood: ");
      await expect.poll(() => watcher.events).toContain("sync-status: applied");
      expect(watcher.doc.getText("body").toString()).toBe("After the flood: start\n");
    } finally {
      attacker.close();
      watcher.close();
    }
    expect(app.output()).toContain("[collab] refused an update");
  });

  it("takes a burst of large messages in runs, answering other requests between them", async () => {
    const sender = connectCollab(app.port, documentId, { cookie });
    try {
      await expect.poll(() => sender.events.includes("synced")).toBe(true);
      const burst = floods(sender, 150_000, 4);
      const { slowestHealthMs, elapsedMs } = await whileCheckingHealth(app.url, async () => {
        for (const update of burst) send(sender, collabDocumentName(documentId), update);
        await expect.poll(() => sender.events.filter((event) => event === "sync-status: applied").length, { timeout: 120_000 }).toBe(4);
      });
      report("4 messages of 150,000 items each, accepted", elapsedMs, slowestHealthMs);
      expect(sender.events.some((event) => event.startsWith("closed"))).toBe(false);
    } finally {
      sender.close();
    }
  });
});

describe("the editor, past a lowered limit", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ env: { COLLAB_MAX_UPDATE_ITEMS: "1000" } });
  });
  afterAll(async () => stopApp(app));

  it("says why a paste past the limit was not saved, offers the text, and opens the stored document again on reload", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "paste");
    const created = await page.request.post("/api/v1/documents", { headers: { origin: app.url }, data: { workspace: person.workspaceSlug, title: "Pasted", markdown: "Before the paste" } });
    await page.goto(((await created.json()) as { url: string }).url);
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().click();
    await page.keyboard.press("ControlOrMeta+End");
    // 1,000 words, every other one bold: about 2,000 items (each bold word a run of text between two format marks).
    const html = `<p>${Array.from({ length: 1_000 }, (_, i) => (i % 2 ? `<b>bold${i}</b>` : `plain${i}`)).join(" ")}</p>`;
    await page.evaluate((markup) => {
      const data = new DataTransfer();
      data.setData("text/html", markup);
      document.querySelector(".ql-editor")?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, html);
    const notice = page.getByTestId("collab-notice");
    await expect.poll(() => notice.textContent()).toContain(REFUSED_UPDATE_TEXT.update_too_large);
    expect(await notice.getAttribute("role")).toBe("alert");
    // The text as shown, the only copy of the paste now, is offered; this device no longer keeps it.
    const leftBehind = page.getByTestId("unsaved-changes");
    expect(await leftBehind.textContent()).toContain(REFUSED_CHANGE_LEFT_BEHIND_TEXT);
    expect(await leftBehind.getByRole("button", { name: "Download with your changes" }).isVisible()).toBe(true);
    expect(await editor.storedText()).toBe("Before the paste\n");

    // Reloading (the page asks first: the text would be gone) opens the stored document, editable.
    page.once("dialog", (dialog) => void dialog.accept());
    await Promise.all([page.waitForEvent("load"), notice.getByRole("button", { name: "Reload page" }).click()]);
    await editor.waitUntilEditable();
    await expect.poll(() => editor.body().textContent()).toBe("Before the paste");
    expect(await notice.count()).toBe(0);
    await editor.body().click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(", then in parts.");
    await editor.waitUntilSaved();
    await expect.poll(() => editor.storedText()).toBe("Before the paste, then in parts.\n");
  });
});
