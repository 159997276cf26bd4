import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import { cookieHeader, signInViaApi } from "../support/accounts";
import { connectCollab, insertWordAtRandomBoundary, missingWords } from "@test/collab-client";
import type { RunningApp } from "../support/start-app";
import { startApp } from "../support/start-app";
import { stopAppAndBrowser } from "../support/app-and-browser";
import { launchBrowser } from "../support/browser";
import { signedUpPage } from "../support/workspace";

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  // Its own server, not the worker's shared one: a test here stops and restarts it.
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(() => stopAppAndBrowser(app, browser));

const CLIENTS = 3;
const KEY_INTERVAL_MS = 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Node client that types unique words at random places, like several people in one text, and remembers them. */
function typist(index: number, documentId: string, cookie: string) {
  const client = connectCollab(app.port, documentId, { cookie });
  const typed: string[] = [];
  let count = 0;
  const timer = setInterval(() => {
    if (!client.events.includes("synced")) return; // a person types once the editor is there
    const body = client.doc.getText("body");
    const word = `w${index}x${count++}`;
    insertWordAtRandomBoundary(body, word);
    typed.push(word);
  }, KEY_INTERVAL_MS);
  return { client, typed, stop: () => clearInterval(timer) };
}

describe("SIGKILL while clients type", () => {
  it("loses no word any client typed: the clients resend what the server had not stored", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "sigkill");
    await new Sidebar(page).newTopLevelDocument();
    const documentId = new EditorPage(page).documentId();
    await page.context().close();
    const cookie = cookieHeader(await signInViaApi(app.url, person));

    const typists = Array.from({ length: CLIENTS }, (_, i) => typist(i, documentId, cookie));
    try {
      await expect.poll(() => typists.every((t) => t.client.events.includes("synced"))).toBe(true);
      await sleep(3_000); // some of it stored (2 s debounce), some not yet
      expect(await app.stop("SIGKILL")).toBe(null);
      await sleep(1_000); // they keep typing with the server gone

      app = await startApp({ dataDir: app.dataDir, port: app.port });
      // Reconnected (the provider retries with backoff) and typing again.
      await expect.poll(() => typists.every((t) => t.client.events.filter((e) => e === "synced").length >= 2), { timeout: 60_000 }).toBe(true);
      await sleep(1_000);
    } finally {
      for (const t of typists) t.stop();
    }

    const allWords = typists.flatMap((t) => t.typed);
    expect(allWords.length).toBeGreaterThan(CLIENTS * 100);
    // Every client converges on a text with every word.
    await expect.poll(() => typists.flatMap((t) => missingWords(t.client.doc.getText("body"), allWords)), { timeout: 30_000 }).toEqual([]);
    for (const t of typists) t.client.close();

    // The last client's departure stores the document; once it is stored, it survives another hard kill.
    await expect.poll(() => missingFromStored(allWords, documentId, cookie), { timeout: 30_000 }).toEqual([]);
    expect(await app.stop("SIGKILL")).toBe(null);
    app = await startApp({ dataDir: app.dataDir, port: app.port });
    expect(await missingFromStored(allWords, documentId, cookie)).toEqual([]);
  });
});

/** The words the server's stored body (GET /api/v1/documents/:id) lacks. */
async function missingFromStored(words: string[], documentId: string, cookie: string): Promise<string[]> {
  const response = await fetch(`${app.url}/api/v1/documents/${documentId}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`GET document: ${response.status}`);
  const { delta } = (await response.json()) as { delta: { ops: Array<{ insert?: unknown }> } };
  return missingWords(delta.ops.map((op) => (typeof op.insert === "string" ? op.insert : "")).join(""), words);
}
