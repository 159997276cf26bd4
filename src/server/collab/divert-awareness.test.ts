import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCollabHarness } from "@test/collab-harness";
import { buildDocument, buildWorkspace } from "@test/factories";

// Guards the one place we reach into Hocuspocus (divert-awareness.ts): through the real server,
// a client's awareness must take the window's path. Hocuspocus's own path relays every message,
// repeats included; the window drops repeats, so this fails if Hocuspocus stops routing frames
// through `Connection.handleMessage` after the `connected` hook.
let harness: Awaited<ReturnType<typeof startCollabHarness>>;
beforeAll(async () => {
  harness = await startCollabHarness();
});
afterAll(() => harness.stop());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("divertAwareness", () => {
  it("takes an established connection's awareness through the window: changes arrive, repeats do not", async () => {
    const alice = await harness.signedIn("Alice");
    const bob = await harness.signedIn("Bob");
    const workspace = await buildWorkspace(harness.db.db, [
      { actor: alice.actor, role: "owner" },
      { actor: bob.actor, role: "editor" },
    ]);
    const document = await buildDocument(harness.db.db, workspace.id);
    const typist = harness.connect(document.id, alice.key);
    const watcher = harness.connect(document.id, bob.key);
    try {
      await expect.poll(() => typist.isSynced() && watcher.isSynced()).toBe(true);
      const typistId = typist.provider.document.clientID;
      const heard: unknown[] = [];
      watcher.provider.awareness?.on("update", ({ added, updated }: { added: number[]; updated: number[] }) => {
        if (added.concat(updated).includes(typistId)) heard.push(watcher.provider.awareness?.getStates().get(typistId)?.cursor);
      });
      for (let i = 0; i < 3; i++) {
        typist.provider.setAwarenessField("cursor", { anchor: 1, head: 1 });
        await pause(100); // a window each
      }
      typist.provider.setAwarenessField("cursor", { anchor: 2, head: 2 });
      await expect.poll(() => heard.at(-1)).toEqual({ anchor: 2, head: 2 });
      expect(heard).toEqual([
        { anchor: 1, head: 1 },
        { anchor: 2, head: 2 },
      ]);
      expect(watcher.provider.awareness?.getStates().get(typistId)?.user).toEqual({ id: alice.actor.id, name: "Alice", color: alice.actor.color });
    } finally {
      typist.close();
      watcher.close();
    }
  });
});
