import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { Actor } from "@/server/context";
import { documents, revisions } from "@/server/db/schema";
import { stateFromDelta } from "@/server/body/state-from-delta";
import { AUTO_REVISION_INTERVAL_MS } from "@/shared/revisions";
import { storeDocumentState } from "@/server/services/documents/internal/store-document-state";
import { insertRevision } from "@/server/services/revisions/internal/insert-revision";
import { listRevisions } from "./list-revisions";
import { readRevision } from "./read-revision";
import { restoreRevision } from "./restore-revision";
import { saveVersion } from "./save-version";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

const MINUTE = 60_000;

async function setup() {
  const owner = await buildUser(database.db, { name: "Olive Owner" });
  const editor = await buildUser(database.db, { name: "Eddie Editor" });
  const viewer = await buildUser(database.db, { name: "Vera Viewer" });
  const workspace = await buildWorkspace(database.db, [
    { actor: owner, role: "owner" },
    { actor: editor, role: "editor" },
    { actor: viewer, role: "viewer" },
  ]);
  const doc = await buildDocument(database.db, workspace.id, { title: "Plan", createdBy: owner.id });
  return { owner, editor, viewer, workspace, doc };
}

/** Stores `text` as the document's body, as the collaboration server would, at `now`. */
async function store(documentId: string, text: string, writer: Actor, now: Date) {
  const state = await stateFromDelta({ ops: [{ insert: `${text}\n` }] });
  return storeDocumentState(database.db, documentId, { ...state, updatedBy: writer.id, writerIds: [writer.id], now });
}

async function revisionsOf(documentId: string) {
  return database.db.select().from(revisions).where(eq(revisions.documentId, documentId)).orderBy(asc(revisions.createdAt));
}

async function pendingAuthors(documentId: string) {
  const [row] = await database.db.select({ ids: documents.pendingAuthorIds }).from(documents).where(eq(documents.id, documentId));
  return row?.ids;
}

describe("storeDocumentState: auto revisions", () => {
  it("takes one once the document has changed and 5 minutes have passed since its creation", async () => {
    const { owner, editor, doc } = await setup();
    const start = doc.createdAt.getTime();
    expect((await store(doc.id, "one", owner, new Date(start + MINUTE))).revisionId).toBeNull();
    expect((await store(doc.id, "one two", editor, new Date(start + 2 * MINUTE))).revisionId).toBeNull();
    expect((await store(doc.id, "one two", owner, new Date(start + 3 * MINUTE))).revisionId).toBeNull();
    expect(await pendingAuthors(doc.id)).toEqual([owner.id, editor.id]);
    expect(await revisionsOf(doc.id)).toEqual([]);

    const due = new Date(start + AUTO_REVISION_INTERVAL_MS);
    const { revisionId } = await store(doc.id, "one two three", editor, due);
    expect(revisionId).not.toBeNull();
    const [revision] = await revisionsOf(doc.id);
    expect(revision).toMatchObject({
      id: revisionId,
      kind: "auto",
      name: null,
      title: "Plan",
      delta: { ops: [{ insert: "one two three\n" }] },
      size: "one two three\n".length,
      createdBy: editor.id,
      authorIds: [owner.id, editor.id],
      createdAt: due,
    });
    expect(await pendingAuthors(doc.id)).toEqual([]);
    const [stored] = await database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(stored).toMatchObject({ text: "one two three\n", updatedBy: editor.id });
  });

  it("waits 5 minutes after the last revision, and skips a body equal to it", async () => {
    const { owner, doc } = await setup();
    const start = doc.createdAt.getTime() + AUTO_REVISION_INTERVAL_MS;
    expect((await store(doc.id, "draft", owner, new Date(start))).revisionId).not.toBeNull();
    expect((await store(doc.id, "draft 2", owner, new Date(start + 4 * MINUTE))).revisionId).toBeNull();
    // Changed and changed back: equal to the last revision, so nothing to keep.
    expect((await store(doc.id, "draft", owner, new Date(start + 6 * MINUTE))).revisionId).toBeNull();
    expect((await store(doc.id, "draft 3", owner, new Date(start + 7 * MINUTE))).revisionId).not.toBeNull();
    expect((await revisionsOf(doc.id)).map((r) => r.delta.ops[0]?.insert)).toEqual(["draft\n", "draft 3\n"]);
  });

  it("counts from a named version too", async () => {
    const { editor, doc } = await setup();
    const start = doc.createdAt.getTime() + AUTO_REVISION_INTERVAL_MS;
    await store(doc.id, "text", editor, new Date(start - MINUTE));
    await saveVersion(contextFor(database.db, editor), { documentId: doc.id, name: "Checkpoint" }, new Date(start - 30_000));
    expect((await store(doc.id, "text and more", editor, new Date(start + MINUTE))).revisionId).toBeNull();
    expect((await store(doc.id, "text and more", editor, new Date(start + 5 * MINUTE))).revisionId).not.toBeNull();
  });
});

describe("saveVersion", () => {
  it("keeps the stored text under a name, with the pending authors", async () => {
    const { owner, editor, doc } = await setup();
    await store(doc.id, "Hello", owner, new Date(doc.createdAt.getTime() + MINUTE));
    const saved = await saveVersion(contextFor(database.db, editor), { documentId: doc.id, name: "First draft" });
    const [revision] = await revisionsOf(doc.id);
    expect(revision).toMatchObject({
      id: saved.id,
      kind: "named",
      name: "First draft",
      title: "Plan",
      delta: { ops: [{ insert: "Hello\n" }] },
      size: 6,
      createdBy: editor.id,
      authorIds: [owner.id],
    });
    expect(await pendingAuthors(doc.id)).toEqual([]);
  });

  it("refuses viewers, and hides other workspaces' documents", async () => {
    const { viewer, doc } = await setup();
    await expect(saveVersion(contextFor(database.db, viewer), { documentId: doc.id, name: "Mine" })).rejects.toMatchObject({ code: "forbidden" });
    const stranger = await buildUser(database.db);
    await buildWorkspace(database.db, [{ actor: stranger, role: "owner" }]);
    await expect(saveVersion(contextFor(database.db, stranger), { documentId: doc.id, name: "Mine" })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("listRevisions", () => {
  it("pages newest first with a cursor, naming creators and authors", async () => {
    const { owner, editor, viewer, doc } = await setup();
    const base = Date.parse("2026-03-01T10:00:00.000Z");
    // 60 revisions, two of them at the same millisecond: the id breaks the tie.
    for (let i = 0; i < 60; i += 1) {
      await insertRevision(database.db, {
        documentId: doc.id,
        kind: i % 2 ? "named" : "auto",
        name: i % 2 ? `v${i}` : null,
        title: "Plan",
        delta: { ops: [{ insert: `${i}\n` }] },
        text: `${i}\n`,
        createdBy: i % 3 ? editor.id : owner.id,
        now: new Date(base + (i === 59 ? 58 : i) * MINUTE),
      });
    }
    await database.db.update(revisions).set({ authorIds: [owner.id, editor.id] }).where(eq(revisions.documentId, doc.id));
    const ctx = contextFor(database.db, viewer);
    const first = await listRevisions(ctx, doc.id);
    expect(first.revisions).toHaveLength(25);
    expect(first.nextCursor).not.toBeNull();
    const second = await listRevisions(ctx, doc.id, { cursor: first.nextCursor });
    const third = await listRevisions(ctx, doc.id, { cursor: second.nextCursor, limit: 100 });
    expect(third.revisions).toHaveLength(10);
    expect(third.nextCursor).toBeNull();
    const all = [...first.revisions, ...second.revisions, ...third.revisions];
    expect(new Set(all.map((r) => r.id)).size).toBe(60);
    const times = all.map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.people.get(editor.id)).toBe("Eddie Editor");
    expect(first.people.get(owner.id)).toBe("Olive Owner");
  });

  it("refuses a cursor that isn't one, and hides the document from strangers", async () => {
    const { viewer, doc } = await setup();
    await expect(listRevisions(contextFor(database.db, viewer), doc.id, { cursor: "nonsense" })).rejects.toMatchObject({ code: "bad_request" });
    const stranger = await buildUser(database.db);
    await expect(listRevisions(contextFor(database.db, stranger), doc.id)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("readRevision", () => {
  it("answers not_found for another document's revision and for ids that aren't one", async () => {
    const { owner, workspace, doc } = await setup();
    const other = await buildDocument(database.db, workspace.id, { title: "Other" });
    const ctx = contextFor(database.db, owner);
    const saved = await saveVersion(ctx, { documentId: other.id, name: "Theirs" });
    await expect(readRevision(ctx, doc.id, saved.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(readRevision(ctx, doc.id, "not-a-uuid")).rejects.toMatchObject({ code: "not_found" });
    expect((await readRevision(ctx, other.id, saved.id)).revision).toMatchObject({ id: saved.id, name: "Theirs" });
  });
});

describe("restoreRevision (no collaboration server in the process)", () => {
  it("keeps the current text as a restore revision, then puts the old text and title back as the restorer's", async () => {
    const { owner, editor, viewer, doc } = await setup();
    await store(doc.id, "The quick brown fox", owner, new Date(doc.createdAt.getTime() + MINUTE));
    const named = await saveVersion(contextFor(database.db, owner), { documentId: doc.id, name: "Fox" });
    await store(doc.id, "The quick red fox jumps", owner, new Date(doc.createdAt.getTime() + 2 * MINUTE));
    await database.db.update(documents).set({ title: "Plan B" }).where(eq(documents.id, doc.id));

    await expect(restoreRevision(contextFor(database.db, viewer), { documentId: doc.id, revisionId: named.id })).rejects.toMatchObject({ code: "forbidden" });
    const result = await restoreRevision(contextFor(database.db, editor), { documentId: doc.id, revisionId: named.id });

    const [restorePoint] = (await revisionsOf(doc.id)).filter((r) => r.kind === "restore");
    expect(restorePoint).toMatchObject({ id: result.revision.id, title: "Plan B", createdBy: editor.id, delta: { ops: [{ insert: "The quick red fox jumps\n" }] } });
    const [stored] = await database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(stored).toMatchObject({ title: "Plan", text: "The quick brown fox\n", updatedBy: editor.id });
    expect(await pendingAuthors(doc.id)).toEqual([editor.id]);
  });
});
