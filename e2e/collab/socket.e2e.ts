import type { Browser } from "playwright-core";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import { cookieHeader, signInViaApi } from "../support/accounts";
import { connectCollab } from "@test/collab-client";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

let app: RunningApp;
let browser: Browser;
let cookie: string;
let documentId: string;
let strangerCookie: string;
beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
  const { page, person } = await signedUpPage(browser, app.url, "owner");
  await new Sidebar(page).newTopLevelDocument();
  documentId = new EditorPage(page).documentId();
  cookie = cookieHeader(await signInViaApi(app.url, person));
  const { person: stranger } = await signedUpPage(browser, app.url, "stranger");
  strangerCookie = cookieHeader(await signInViaApi(app.url, stranger));
});
afterAll(async () => {
  await stopAppAndBrowser(app, browser);
});

const AUTH_EXPIRED = "denied: unauthenticated"; // reason codes on the wire; the editor has the words (close-codes.ts)
const NO_ACCESS = "denied: forbidden";

describe("/collab", () => {
  it("syncs a document between two clients of a member", async () => {
    const alice = connectCollab(app.port, documentId, { cookie });
    const bob = connectCollab(app.port, documentId, { cookie });
    try {
      await expect.poll(() => alice.events.includes("synced") && bob.events.includes("synced")).toBe(true);
      alice.doc.getText("body").insert(0, "Hello from Alice");
      await expect.poll(() => bob.doc.getText("body").toString()).toBe("Hello from Alice");
    } finally {
      alice.close();
      bob.close();
    }
  });

  it.each([
    ["a client without a session", () => ({}), () => documentId, AUTH_EXPIRED],
    ["a member of another workspace", () => ({ cookie: strangerCookie }), () => documentId, NO_ACCESS],
    ["an unknown document", () => ({ cookie }), () => "zzzzzzzzzzzz", NO_ACCESS],
  ])("refuses %s", async (_label, headers, id, reason) => {
    const client = connectCollab(app.port, id(), headers());
    try {
      await expect.poll(() => client.events.find((e) => e.startsWith("denied"))).toBe(reason);
      expect(client.events).not.toContain("synced");
    } finally {
      client.close();
    }
  });

  it("refuses a handshake from a foreign page", async () => {
    const status = await new Promise<number | string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${app.port}/collab`, { headers: { cookie, origin: "https://evil.example" } });
      ws.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
      ws.on("open", () => resolve("open"));
      ws.on("error", (error) => resolve(error.message)); // ends the wait instead of crashing the run
    });
    expect(status).toBe(403);
  });
});
