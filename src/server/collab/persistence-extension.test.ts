import { Hocuspocus } from "@hocuspocus/server";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { documents } from "@/server/db/schema";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { STORE_FAILING_MESSAGE } from "@/shared/protocol/close-codes";
import { collabDocumentName } from "@/shared/protocol/document-name";
import { buildDocument, buildUser, buildWorkspace } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import { IN_THREAD_BODY_WORK } from "@/server/workers/in-thread-body-work";
import { PersistenceExtension } from "./persistence-extension";

// A store that fails (its body worker died under it, the database was unreachable) must lose
// nothing (QA report item 1: "open documents' saves failed"): Hocuspocus keeps the document in
// memory after a failed store but never stores it again, and unloads it, unsaved, as soon as
// its last connection goes. The collaboration server's persistence stores it again until it
// succeeds, and the document stays loaded until then.

const database = withTestDatabase();
let instance: Hocuspocus | undefined;
afterEach(async () => {
  await instance?.hooks("onDestroy", { instance });
  instance = undefined;
});

/** A deriver whose first `failures` renders fail (with `message`), as when the body worker doing them died. */
function flakyDeriver(failures: number, message = "body worker exited with code 1") {
  let calls = 0;
  return {
    calls: () => calls,
    derive: async (state: Uint8Array) => {
      calls += 1;
      if (calls <= failures) throw new Error(message);
      return IN_THREAD_BODY_WORK.derive(state);
    },
  };
}

async function setup(failures: number, debounce: number, message?: string) {
  const owner = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
  const doc = await buildDocument(database.db, workspace.id, { title: "Draft" });
  const deriver = flakyDeriver(failures, message);
  instance = new Hocuspocus({
    quiet: true,
    debounce,
    maxDebounce: debounce,
    unloadImmediately: true,
    extensions: [new PersistenceExtension(async () => database.db, { deriver, retryFailedStores: true })],
  });
  const name = collabDocumentName(doc.id);
  const storedText = async () => (await database.db.select({ text: documents.text }).from(documents).where(eq(documents.id, doc.id)))[0]?.text;
  /** Types into the document through a direct connection (as a service does) and leaves it. */
  const type = async (text: string) => {
    const connection = await (instance as Hocuspocus).openDirectConnection(name, { actor: { id: owner.id } });
    await connection.transact((document) => document.getText(BODY_YTEXT).insert(0, text));
    await connection.disconnect();
  };
  return { owner, name, deriver, storedText, type, loaded: () => (instance as Hocuspocus).documents.has(name) };
}

describe("PersistenceExtension when a store fails", () => {
  it("keeps the document loaded and stores it again until it succeeds", async () => {
    const { deriver, storedText, type, loaded } = await setup(3, 50);
    await type("typed while the worker was dying\n");
    // The store on leaving failed: without the retry the document was unloaded, its text lost.
    expect(loaded()).toBe(true);
    await expect.poll(storedText).toBe("typed while the worker was dying\n");
    expect(deriver.calls()).toBe(4);
    // Stored: now it may go.
    await expect.poll(loaded).toBe(false);
  });

  it("stores a document whose retry is pending when the server shuts down (flushPendingStores)", async () => {
    const { storedText, type, loaded } = await setup(1, 60_000);
    await type("saved at shutdown\n");
    expect(await storedText()).toBe("");
    expect(loaded()).toBe(true);
    (instance as Hocuspocus).flushPendingStores();
    await expect.poll(storedText).toBe("saved at shutdown\n");
    await expect.poll(loaded).toBe(false);
  });

  it("tries a store that keeps failing less and less often, logs no body, and tells the editors", async () => {
    // QA fourth sweep #2: a store the database could never take was tried every 2 s for as long as
    // the server ran, and drizzle's "Failed query" message, parameters and all, was one 465 MB line.
    const body = "secret body text ".repeat(100_000);
    const { deriver, name, type } = await setup(Number.POSITIVE_INFINITY, 2_000, `Failed query: insert … params: ${body}`);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
      await type("typed\n");
      const document = (instance as Hocuspocus).documents.get(name);
      const told = vi.spyOn(document as NonNullable<typeof document>, "broadcastStateless");
      // Ten minutes: every 2 s would be 300 attempts; doubling waits up to 5 minutes make about 10.
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(deriver.calls()).toBeGreaterThan(3);
      expect(deriver.calls()).toBeLessThan(15);
      expect((instance as Hocuspocus).documents.has(name)).toBe(true);
      const lines = logged.mock.calls.map((call) => call.join(" "));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line.length).toBeLessThan(5_000);
        expect(line).not.toContain(body.slice(0, 1_000));
      }
      expect(told).toHaveBeenCalledWith(JSON.stringify({ type: STORE_FAILING_MESSAGE, isFailing: true }));
    } finally {
      vi.useRealTimers();
      logged.mockRestore();
    }
  });
});
