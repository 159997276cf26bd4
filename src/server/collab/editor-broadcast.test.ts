import type { Hocuspocus } from "@hocuspocus/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocument, buildWorkspace } from "@test/factories";
import { startCollabHarness } from "@test/collab-harness";
import type { RunningService } from "@test/services";
import { missingServices, startRedis } from "@test/services";
import { COMMENTS_CHANGED_MESSAGE } from "@/shared/comments/comment-rules";
import { collabDocumentName } from "@/shared/protocol/document-name";
import { DOCUMENT_RENAMED_MESSAGE } from "@/shared/protocol/close-codes";
import { createCommentThread } from "@/server/services/comments/create-comment-thread";
import { renameDocument } from "@/server/services/documents/rename-document";
import { announceCommentsChanged } from "@/server/services/comments/internal/comment-broadcasts";
import { provideCollabEditorBroadcasts } from "./editor-broadcast";

const NUDGE = `stateless: ${COMMENTS_CHANGED_MESSAGE}`;

describe("editor broadcasts", () => {
  it("nudge every open connection of the document when a comment is posted, and no other document's", async () => {
    const harness = await startCollabHarness();
    try {
      const writer = await harness.signedIn("Writer");
      const reader = await harness.signedIn("Reader");
      const workspace = await buildWorkspace(harness.db.db, [
        { actor: writer.actor, role: "commenter" },
        { actor: reader.actor, role: "viewer" },
      ]);
      const doc = await buildDocument(harness.db.db, workspace.id);
      const other = await buildDocument(harness.db.db, workspace.id);
      const watching = harness.connect(doc.id, reader.key);
      const elsewhere = harness.connect(other.id, writer.key);
      await expect.poll(() => watching.isSynced() && elsewhere.isSynced()).toBe(true);
      await createCommentThread({ db: harness.db.db, actor: writer.actor }, { documentId: doc.id, body: { ops: [{ insert: "Hello" }] } });
      await expect.poll(() => watching.events.includes(NUDGE)).toBe(true);
      expect(elsewhere.events).not.toContain(NUDGE);
      watching.close();
      elsewhere.close();
    } finally {
      await harness.stop();
    }
  });
});

describe("rename broadcasts", () => {
  it("tell the document's open editors its new title, so their title fields follow it", async () => {
    const harness = await startCollabHarness();
    try {
      const renamer = await harness.signedIn("Renamer");
      const reader = await harness.signedIn("Reader");
      const workspace = await buildWorkspace(harness.db.db, [
        { actor: renamer.actor, role: "editor" },
        { actor: reader.actor, role: "viewer" },
      ]);
      const doc = await buildDocument(harness.db.db, workspace.id, { title: "Old title" });
      const watching = harness.connect(doc.id, reader.key);
      await expect.poll(() => watching.isSynced()).toBe(true);
      await renameDocument({ db: harness.db.db, actor: renamer.actor }, { documentId: doc.id, title: "Renamed elsewhere" });
      await expect.poll(() => watching.events).toContain(`stateless: ${JSON.stringify({ type: DOCUMENT_RENAMED_MESSAGE, title: "Renamed elsewhere" })}`);
      watching.close();
    } finally {
      await harness.stop();
    }
  });
});

describe.skipIf(missingServices() !== null)("editor broadcasts with Redis", () => {
  let redis: RunningService;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => redis?.stop());

  it("reach another instance's editors even when the announcing instance doesn't have the document loaded", async () => {
    const relayed: string[] = [];
    const documentId = "abcdefghijkl";
    // Instance B has the document open; instance A (where the change happens) has nothing loaded.
    const instanceB = { documents: new Map([[collabDocumentName(documentId), { relayStateless: (payload: string) => relayed.push(payload) }]]) } as unknown as Hocuspocus;
    const instanceA = { documents: new Map() } as unknown as Hocuspocus;
    const stopB = provideCollabEditorBroadcasts(instanceB, redis.url);
    const stopA = provideCollabEditorBroadcasts(instanceA, redis.url);
    try {
      // Both subscriptions must be live before the publish.
      await new Promise((resolve) => setTimeout(resolve, 300));
      announceCommentsChanged(documentId);
      await expect.poll(() => relayed).toEqual([COMMENTS_CHANGED_MESSAGE]);
    } finally {
      await stopA();
      await stopB();
    }
  });
});
