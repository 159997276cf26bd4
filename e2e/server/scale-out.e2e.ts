import crypto from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { Sidebar } from "../pages/sidebar";
import { cookieHeader, signInViaApi } from "../support/accounts";
import { launchBrowser } from "../support/browser";
import { connectCollab, insertWordAtRandomBoundary, missingWords } from "@test/collab-client";
import { solidPng } from "@test/file-factories";
import type { RunningService } from "@test/services";
import { missingServices, startPostgres, startRedis } from "@test/services";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";
import { callAction } from "../support/server-actions";
import { createDocumentViaApi, invitedMemberPage, signedUpPage } from "../support/workspace";

// CI installs postgresql and redis-server (.ci/run); elsewhere the file says what it lacks.
const missing = missingServices();
if (missing && process.env.CI) throw new Error(missing);

let postgres: RunningService | undefined;
let redis: RunningService | undefined;
let apps: RunningApp[] = [];
let browser: Browser | undefined;

beforeAll(async () => {
  if (missing) return;
  [postgres, redis, browser] = await Promise.all([startPostgres(), startRedis(), launchBrowser()]);
  // Each instance has its own DATA_DIR, as on two machines: uploads are shared through the database.
  const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, AUTH_SECRET: crypto.randomBytes(32).toString("hex"), FILE_STORE: "database" };
  apps = await Promise.all([startApp({ env }), startApp({ env })]);
});
afterAll(async () => {
  await browser?.close();
  for (const app of apps) await stopApp(app);
  await redis?.stop();
  await postgres?.stop();
});

describe.skipIf(missing)("two instances on one PostgreSQL, through Redis", () => {
  it("share live editing and presence: a client on each converges", async () => {
    const [first, second] = apps as [RunningApp, RunningApp];
    const { page, person } = await signedUpPage(browser as Browser, first.url, "scale");
    await new Sidebar(page).newTopLevelDocument();
    const documentId = new EditorPage(page).documentId();
    await page.context().close();
    const cookie = cookieHeader(await signInViaApi(second.url, person));

    const onFirst = connectCollab(first.port, documentId, { cookie });
    const onSecond = connectCollab(second.port, documentId, { cookie });
    try {
      await expect.poll(() => onFirst.events.includes("synced") && onSecond.events.includes("synced")).toBe(true);
      onFirst.doc.getText("body").insert(0, "Typed on the first instance. ");
      await expect.poll(() => onSecond.doc.getText("body").toString()).toContain("Typed on the first instance.");

      // Both at once, word by word, at random places: they end with the same text.
      const words: string[] = [];
      for (let i = 0; i < 50; i++) {
        for (const [client, name] of [[onFirst, "a"], [onSecond, "b"]] as const) {
          insertWordAtRandomBoundary(client.doc.getText("body"), `${name}${i}`);
          words.push(`${name}${i}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await expect.poll(() => onFirst.doc.getText("body").toString() === onSecond.doc.getText("body").toString()).toBe(true);
      expect(missingWords(onFirst.doc.getText("body"), words)).toEqual([]);

      // Presence crosses too: the second instance's client sees the first's cursor, under the
      // name the first instance's server vouches for.
      onFirst.provider.setAwarenessField("cursor", { anchor: "first", head: "first" });
      const seenOnSecond = () => onSecond.provider.awareness?.getStates().get(onFirst.doc.clientID) as { cursor?: unknown; user?: { name?: string } } | undefined;
      await expect.poll(() => seenOnSecond()?.cursor).toEqual({ anchor: "first", head: "first" });
      expect(seenOnSecond()?.user?.name).toBe(person.name);
    } finally {
      onFirst.close();
      onSecond.close();
    }
  });

  it("serve an image uploaded through one instance from the other (FILE_STORE=database)", async () => {
    const [first, second] = apps as [RunningApp, RunningApp];
    const { page, person } = await signedUpPage(browser as Browser, first.url, "uploader");
    const holder = await createDocumentViaApi(page, first.url, person.workspaceSlug, { title: "Holder", markdown: "Images live here." });
    const upload = await page.request.post(`${first.url}/api/v1/files`, {
      headers: { origin: first.url },
      multipart: { documentId: holder.id, file: { name: "dot.png", mimeType: "image/png", buffer: Buffer.from(solidPng(40, 30)) } },
    });
    expect(upload.status()).toBe(201);
    const { id: fileId } = (await upload.json()) as { id: string };
    const onSecond = await fetch(`${second.url}/api/v1/files/${fileId}`, { headers: { cookie: cookieHeader(await signInViaApi(second.url, person)) } });
    expect(onSecond.status).toBe(200);
    expect(onSecond.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await onSecond.arrayBuffer()).equals(Buffer.from(solidPng(40, 30)))).toBe(true);
    await page.context().close();
  });

  it("count notifications live on one instance when they are made on the other", async () => {
    const [first, second] = apps as [RunningApp, RunningApp];
    const ada = await signedUpPage(browser as Browser, first.url, "ada");
    const bob = await invitedMemberPage(browser as Browser, first.url, ada, "commenter", "bob");
    const { id: documentId } = await createDocumentViaApi(ada.page, first.url, ada.person.workspaceSlug, { title: "Plan", markdown: "Text." });
    const cookieOf = async (page: typeof ada.page) => (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const comment = async (page: typeof ada.page, name: string, args: object) => {
      const { result } = await callAction(first.url, { name, path: `/w/${ada.person.workspaceSlug}/d/${documentId}`, args: [args], cookie: await cookieOf(page) });
      return (result as { data: { threadId?: string } }).data;
    };
    const { threadId } = await comment(ada.page, "createCommentThreadAction", { documentId, body: { ops: [{ insert: "Thoughts?" }] } });

    // Ada's bell is served by the second instance; Bob replies through the first.
    const abort = new AbortController();
    const stream = await fetch(`${second.url}/api/v1/notifications/stream`, { headers: { cookie: cookieHeader(await signInViaApi(second.url, ada.person)) }, signal: abort.signal });
    let received = "";
    const reading = (async () => {
      const reader = stream.body?.getReader();
      for (;;) {
        const chunk = await reader?.read().catch(() => undefined);
        if (!chunk || chunk.done) return;
        received += new TextDecoder().decode(chunk.value);
      }
    })();
    try {
      await expect.poll(() => received).toContain('data: {"unread":0}');
      const replied = Date.now();
      await comment(bob.page, "replyToThreadAction", { threadId, body: { ops: [{ insert: "Looks good." }] } });
      await expect.poll(() => received, { interval: 20 }).toContain('data: {"unread":1}');
      console.log(`[scale-out] the other instance's bell counted the reply ${Date.now() - replied} ms after it was posted`);
    } finally {
      abort.abort();
      await reading;
    }
  });
});
