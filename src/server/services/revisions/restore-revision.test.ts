import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCollabHarness } from "@test/collab-harness";
import { buildDocument, buildWorkspace, contextFor } from "@test/factories";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { runningCollabServer } from "@/server/collab/live-document";
import { liveDocuments } from "@/server/services/documents/internal/live-documents";
import { commentThreads, documents, revisions } from "@/server/db/schema";
import { encodeAnchor, resolveAnchor } from "@/shared/comments/anchors";
import { createCommentThread } from "@/server/services/comments/create-comment-thread";
import { deltaToPlainText } from "@/server/body/render-delta-html";
import type { Db } from "@/server/db/client";
import { VERSION_RESTORED_MESSAGE } from "@/shared/protocol/close-codes";
import { restoreRevision } from "./restore-revision";
import { saveVersion } from "./save-version";

let harness: Awaited<ReturnType<typeof startCollabHarness>>;
beforeAll(async () => {
  harness = await startCollabHarness();
});
afterAll(() => harness.stop());

async function storedText(documentId: string) {
  const [row] = await harness.db.db.select({ text: documents.text }).from(documents).where(eq(documents.id, documentId));
  return row?.text;
}

describe("restoreRevision through the running collaboration server", () => {
  it("changes the text of a connected client at once and leaves a restore revision of what it replaced", async () => {
    const alice = await harness.signedIn("Alice");
    const bob = await harness.signedIn("Bob");
    const workspace = await buildWorkspace(harness.db.db, [
      { actor: alice.actor, role: "owner" },
      { actor: bob.actor, role: "editor" },
    ]);
    const doc = await buildDocument(harness.db.db, workspace.id, { title: "Letter" });
    expect(runningCollabServer()).toBeDefined();
    const client = harness.connect(doc.id, alice.key);
    try {
      await expect.poll(() => client.isSynced()).toBe(true);
      client.body.insert(0, "Hello brave world");
      // The version is taken from the live document, so it needs no store first.
      await expect.poll(() => liveDocuments().peek(doc.id)?.getText(BODY_YTEXT).toString()).toBe("Hello brave world");
      await saveVersion(contextFor(harness.db.db, alice.actor), { documentId: doc.id, name: "Brave" });
      const [named] = await harness.db.db.select().from(revisions).where(and(eq(revisions.documentId, doc.id), eq(revisions.kind, "named")));
      expect(deltaToPlainText(named?.delta)).toBe("Hello brave world\n");

      // Alice replaces a word; once the server has it, Bob restores the named version.
      client.body.delete(6, "brave".length);
      client.body.insert(6, "new");
      await expect.poll(() => storedText(doc.id)).toBe("Hello new world\n");
      const result = await restoreRevision(contextFor(harness.db.db, bob.actor), { documentId: doc.id, revisionId: named!.id });

      await expect.poll(() => client.body.toString()).toBe("Hello brave world");
      const [restorePoint] = await harness.db.db.select().from(revisions).where(eq(revisions.id, result.revision.id));
      expect(restorePoint).toMatchObject({ kind: "restore", createdBy: bob.actor.id, name: null });
      expect(deltaToPlainText(restorePoint?.delta)).toBe("Hello new world\n");
      const [stored] = await harness.db.db.select().from(documents).where(eq(documents.id, doc.id));
      expect(stored).toMatchObject({ text: "Hello brave world\n", updatedBy: bob.actor.id });

      // The client goes on editing the restored text, and its change merges as usual.
      client.body.insert(client.body.length, "!");
      await expect.poll(() => storedText(doc.id)).toBe("Hello brave world!\n");
    } finally {
      client.close();
    }
  });

  it("tells every open editor who restored which version, and which revision keeps the text it replaced", async () => {
    const alice = await harness.signedIn("Alice");
    const bob = await harness.signedIn("Bob");
    const workspace = await buildWorkspace(harness.db.db, [
      { actor: alice.actor, role: "owner" },
      { actor: bob.actor, role: "viewer" },
    ]);
    const doc = await buildDocument(harness.db.db, workspace.id);
    const writer = harness.connect(doc.id, alice.key);
    const reader = harness.connect(doc.id, bob.key);
    try {
      await expect.poll(() => writer.isSynced() && reader.isSynced()).toBe(true);
      writer.body.insert(0, "First words");
      await expect.poll(() => storedText(doc.id)).toBe("First words\n");
      const version = await saveVersion(contextFor(harness.db.db, alice.actor), { documentId: doc.id, name: "First" });
      writer.body.insert(writer.body.length, " and more");
      await expect.poll(() => storedText(doc.id)).toBe("First words and more\n");

      const result = await restoreRevision(contextFor(harness.db.db, alice.actor), { documentId: doc.id, revisionId: version.id });
      const told = `stateless: ${JSON.stringify({
        type: VERSION_RESTORED_MESSAGE,
        by: { id: alice.actor.id, name: alice.actor.name },
        version: { name: "First", createdAt: version.createdAt.toISOString() },
        keptIn: result.revision.id,
      })}`;
      await expect.poll(() => reader.events.includes(told) && writer.events.includes(told)).toBe(true);
    } finally {
      writer.close();
      reader.close();
    }
  });

  it("keeps edits that arrive while the restore point is being written: a second restore revision holds them", async () => {
    const alice = await harness.signedIn("Alice");
    const workspace = await buildWorkspace(harness.db.db, [{ actor: alice.actor, role: "owner" }]);
    const doc = await buildDocument(harness.db.db, workspace.id);
    const client = harness.connect(doc.id, alice.key);
    try {
      await expect.poll(() => client.isSynced()).toBe(true);
      client.body.insert(0, "Version one.");
      await expect.poll(() => storedText(doc.id)).toBe("Version one.\n");
      const version = await saveVersion(contextFor(harness.db.db, alice.actor), { documentId: doc.id, name: "One" });
      client.body.insert(client.body.length, " Typed before.");
      await expect.poll(() => storedText(doc.id)).toBe("Version one. Typed before.\n");

      // A keystroke reaches the server while the first restore revision is being inserted.
      let isFirstInsert = true;
      const db = new Proxy(harness.db.db, {
        get(target, key, receiver) {
          const value: unknown = Reflect.get(target, key, receiver);
          if (key !== "execute" || typeof value !== "function") return value;
          return (...args: unknown[]) => {
            if (isFirstInsert) {
              isFirstInsert = false;
              const live = liveDocuments().peek(doc.id)!;
              live.getText(BODY_YTEXT).insert(live.getText(BODY_YTEXT).length, " In flight.");
            }
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      }) as Db;
      const result = await restoreRevision(contextFor(db, alice.actor), { documentId: doc.id, revisionId: version.id });

      await expect.poll(() => client.body.toString()).toBe("Version one.");
      const kept = await harness.db.db.select().from(revisions).where(and(eq(revisions.documentId, doc.id), eq(revisions.kind, "restore"))).orderBy(desc(revisions.createdAt));
      expect(kept.map((revision) => deltaToPlainText(revision.delta))).toEqual(["Version one. Typed before. In flight.\n", "Version one. Typed before.\n"]);
      expect(result.revision.id).toBe(kept[0]?.id);
    } finally {
      client.close();
    }
  });

  it("puts a thread back on its words when the restore brings them back", async () => {
    const alice = await harness.signedIn("Alice");
    const workspace = await buildWorkspace(harness.db.db, [{ actor: alice.actor, role: "owner" }]);
    const doc = await buildDocument(harness.db.db, workspace.id);
    const ctx = contextFor(harness.db.db, alice.actor);
    const client = harness.connect(doc.id, alice.key);
    try {
      await expect.poll(() => client.isSynced()).toBe(true);
      client.body.insert(0, "Hello brave world");
      await expect.poll(() => storedText(doc.id)).toBe("Hello brave world\n");
      await saveVersion(ctx, { documentId: doc.id, name: "Brave" });
      const [named] = await harness.db.db.select().from(revisions).where(and(eq(revisions.documentId, doc.id), eq(revisions.kind, "named")));
      const { thread } = await createCommentThread(ctx, { documentId: doc.id, anchor: encodeAnchor(client.body, { index: 6, length: 5 }), quote: "brave", body: { ops: [{ insert: "Why?" }] } });
      client.body.delete(6, "brave ".length);
      await expect.poll(() => storedText(doc.id)).toBe("Hello world\n");

      await restoreRevision(ctx, { documentId: doc.id, revisionId: named!.id });
      await expect.poll(() => client.body.toString()).toBe("Hello brave world");
      const [row] = await harness.db.db.select().from(commentThreads).where(eq(commentThreads.id, thread.id));
      expect(resolveAnchor(client.doc, client.body, { start: row!.anchorStart!, end: row!.anchorEnd! })).toEqual({ index: 6, length: 5 });
    } finally {
      client.close();
    }
  });

  it("counts everyone who changed the document as the next revision's authors, not only the last writer", async () => {
    const alice = await harness.signedIn("Alice");
    const bob = await harness.signedIn("Bob");
    const workspace = await buildWorkspace(harness.db.db, [
      { actor: alice.actor, role: "owner" },
      { actor: bob.actor, role: "editor" },
    ]);
    const doc = await buildDocument(harness.db.db, workspace.id);
    const first = harness.connect(doc.id, alice.key);
    const second = harness.connect(doc.id, bob.key);
    try {
      await expect.poll(() => first.isSynced() && second.isSynced()).toBe(true);
      first.body.insert(0, "one ");
      await expect.poll(() => second.body.toString()).toBe("one ");
      second.body.insert(4, "two");
      await expect.poll(() => storedText(doc.id)).toBe("one two\n");
      const [row] = await harness.db.db.select({ ids: documents.pendingAuthorIds }).from(documents).where(eq(documents.id, doc.id));
      expect(new Set(row?.ids)).toEqual(new Set([alice.actor.id, bob.actor.id]));
    } finally {
      first.close();
      second.close();
    }
  });
});
