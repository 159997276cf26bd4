import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCollabHarness } from "@test/collab-harness";
import { buildDocument, buildWorkspace } from "@test/factories";

let harness: Awaited<ReturnType<typeof startCollabHarness>>;
beforeAll(async () => {
  harness = await startCollabHarness();
});
afterAll(() => harness.stop());

describe("PresenceExtension", () => {
  it("relays a client's presence under its own session's name and colour, whatever it claims", async () => {
    const mallory = await harness.signedIn("Mallory");
    const alice = await harness.signedIn("Alice");
    const workspace = await buildWorkspace(harness.db.db, [
      { actor: alice.actor, role: "owner" },
      { actor: mallory.actor, role: "editor" },
    ]);
    const document = await buildDocument(harness.db.db, workspace.id);
    const crafted = harness.connect(document.id, mallory.key);
    const watcher = harness.connect(document.id, alice.key);
    try {
      await expect.poll(() => crafted.isSynced() && watcher.isSynced()).toBe(true);
      crafted.provider.setAwarenessField("user", { id: alice.actor.id, name: "Alice (the owner)", color: "#000000" });
      crafted.provider.setAwarenessField("cursor", { anchor: "a", head: "b" });
      const seen = () =>
        [...(watcher.provider.awareness?.getStates().entries() ?? [])].find(([clientId]) => clientId === crafted.provider.document.clientID)?.[1];
      await expect.poll(() => seen()?.cursor).toEqual({ anchor: "a", head: "b" });
      expect(seen()?.user).toEqual({ id: mallory.actor.id, name: "Mallory", color: mallory.actor.color });
    } finally {
      crafted.close();
      watcher.close();
    }
  });
});
