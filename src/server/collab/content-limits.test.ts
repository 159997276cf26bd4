import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { startCollabHarness } from "@test/collab-harness";
import { buildDocument, buildWorkspace } from "@test/factories";
import { BODY_YTEXT, MAX_VALUE_BYTES } from "@/shared/editor-rules";
import { loadDocumentState } from "@/server/services/documents/internal/load-document-state";

// QA fourth sweep #2: an editor's own client added 15 MB data: images, one an update, each one
// item under every item limit, until the document could no longer be stored. On the real
// collaboration server (every extension, a real database), with a small document byte limit.
const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
let harness: Awaited<ReturnType<typeof startCollabHarness>>;
beforeAll(async () => {
  harness = await startCollabHarness({ collab: { maxDocumentBytes: MAX_DOCUMENT_BYTES } });
});
afterAll(() => harness.stop());

const WITHIN = { interval: 50, timeout: 15_000 };

/** A data: PNG address of about `bytes` bytes (a PNG signature, then padding), as QA's flood sent. */
const dataImage = (bytes: number, mark: string) => `data:image/png;base64,iVBORw0KGgo${"A".repeat(bytes)}${mark}`;

async function setup() {
  const editor = await harness.signedIn("Editor");
  const workspace = await buildWorkspace(harness.db.db, [{ actor: editor.actor, role: "owner" }]);
  const document = await buildDocument(harness.db.db, workspace.id);
  const alice = harness.connect(document.id, editor.key);
  const bob = harness.connect(document.id, editor.key);
  await expect.poll(() => alice.isSynced() && bob.isSynced(), WITHIN).toBe(true);
  const stored = async () => {
    const state = await loadDocumentState(harness.db.db, document.id);
    const doc = new Y.Doc();
    if (state) Y.applyUpdate(doc, state);
    return doc.getText(BODY_YTEXT).toDelta() as { insert: unknown }[];
  };
  return { alice, bob, stored };
}

describe("content byte limits on the collaboration server", () => {
  it("refuses an image embed larger than an upload may be, and the typing after it on other connections is stored", async () => {
    const { alice, bob, stored } = await setup();
    try {
      alice.body.insertEmbed(0, { image: dataImage(MAX_VALUE_BYTES, "big") });
      await expect.poll(() => alice.events.join(" | "), WITHIN).toMatch(/closed: \d+ value_too_large/);
      bob.body.insert(0, "typed after");
      await expect.poll(async () => JSON.stringify(await stored()), WITHIN).toContain("typed after");
      expect(JSON.stringify(await stored())).not.toContain("big");
      expect(bob.body.toDelta()).toEqual([{ insert: "typed after" }]);
    } finally {
      alice.close();
      bob.close();
    }
  });

  it("takes images up to the document's byte limit, refuses the one past it, and still takes typing and deletions", async () => {
    const { alice, bob, stored } = await setup();
    try {
      alice.body.insertEmbed(0, { image: dataImage(900_000, "one") });
      alice.body.insertEmbed(1, { image: dataImage(900_000, "two") });
      await expect.poll(() => bob.body.length, WITHIN).toBe(2);
      bob.body.insertEmbed(2, { image: dataImage(900_000, "three") });
      await expect.poll(() => bob.events.join(" | "), WITHIN).toMatch(/closed: \d+ document_too_large/);
      alice.body.insert(2, "typing goes on");
      await expect.poll(async () => JSON.stringify(await stored()), WITHIN).toContain("typing goes on");
      expect(JSON.stringify(await stored())).not.toContain("three");
      alice.body.delete(0, 1);
      await expect.poll(async () => (await stored()).length, WITHIN).toBe(2);
    } finally {
      alice.close();
      bob.close();
    }
  });
});
