import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, like } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { SAMPLE_IMAGES } from "@test/file-factories";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";
import type { Actor } from "@/server/context";
import { commentThreads, documents, files, revisions, workspaces } from "@/server/db/schema";
import { ARCHIVE_FORMAT, ENTRY } from "@/server/formats/archive/workspace-archive";
import { DiskBlobStore, newBlobKey } from "@/server/storage/blob-store";
import { createDocument } from "@/server/services/documents/create-document";
import { NOT_EMPTY_MESSAGE, importWorkspace } from "./import-workspace";
import { removeStaleStagingWorkspaces } from "./internal/import-staging";

// docs/api.md "Workspace archives": an import into an existing workspace shows nothing until it is
// complete, a failed one takes back exactly what it wrote, and only one import lands in an empty workspace.
const database = withTestDatabase();
let blobRoot: string;
beforeEach(() => {
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-import-existing-"));
});
afterEach(() => {
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

/** A disk store that runs `onFirstPut` before its first write: the import is then past its documents and revisions. */
class StoreWithHook extends DiskBlobStore {
  private fired = false;
  constructor(
    root: string,
    private readonly onFirstPut: () => Promise<void>,
  ) {
    super(root);
  }
  override async put(key: string, data: Uint8Array | ReadableStream<Uint8Array>) {
    if (!this.fired) {
      this.fired = true;
      await this.onFirstPut();
    }
    return super.put(key, data);
  }
}

const at = "2026-11-21T10:00:00.000Z";
const json = (value: unknown) => strToU8(JSON.stringify(value));

/** An archive of two documents (one nested, with a revision and a comment thread) and a good image; `badImage` adds a second "image" of text. */
function archive(options: { badImage?: boolean } = {}): Uint8Array {
  const doc = (id: string, title: string, parentId: string | null) => ({ id, parentId, position: "a0", title, createdAt: at, updatedAt: at, deletedAt: null, deletedRootId: null });
  const image = SAMPLE_IMAGES["image/png"];
  const fileList = [{ id: "f1", documentId: "a", name: "dot.png", mime: "image/png", size: image.byteLength, sha256: "0".repeat(64), createdAt: at }];
  if (options.badImage) fileList.push({ id: "f2", documentId: "a", name: "x.png", mime: "image/png", size: 5, sha256: "0".repeat(64), createdAt: at });
  const person = { name: "Nobody", email: "nobody@example.com" };
  return zipSync({
    [ENTRY.manifest]: json({ format: ARCHIVE_FORMAT, formatVersion: 1, appVersion: "0.1.0", createdAt: at, workspace: { id: "w", name: "W", slug: "w" }, counts: { documents: 2, files: fileList.length, revisions: 1 } }),
    [ENTRY.documents]: json([doc("a", "Imported plan", null), doc("b", "Imported notes", "a")]),
    [ENTRY.files]: json(fileList),
    [ENTRY.content("a")]: json({ ops: [{ insert: "From the archive\n" }] }),
    [ENTRY.content("b")]: json({ ops: [{ insert: "Nested\n" }] }),
    [ENTRY.revisions("a")]: json([{ kind: "named", name: "First", title: "Imported plan", delta: { ops: [{ insert: "Draft\n" }] }, size: 5, createdBy: null, authors: [], createdAt: at }]),
    [ENTRY.comments("a")]: json([{ anchor: null, quote: "", createdBy: person, resolvedAt: null, resolvedBy: null, createdAt: at, comments: [{ author: person, body: { ops: [{ insert: "Hi\n" }] }, editedAt: null, deletedAt: null, createdAt: at, reactions: [] }] }]),
    [ENTRY.blob("f1")]: image,
    ...(options.badImage ? { [ENTRY.blob("f2")]: strToU8("hello") } : {}),
  });
}

async function titlesIn(workspaceId: string): Promise<string[]> {
  const rows = await database.db.select({ title: documents.title }).from(documents).where(eq(documents.workspaceId, workspaceId)).orderBy(asc(documents.title));
  return rows.map((r) => r.title);
}

function blobFiles(): number {
  return fs.readdirSync(blobRoot, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/** Workspaces an import wrote into while it ran and did not remove. */
async function leftoverStaging() {
  return database.db.select({ id: workspaces.id }).from(workspaces).where(like(workspaces.slug, "\\_import-%"));
}

/** An empty workspace administered by `admin`, with an editor. */
async function emptyTarget(): Promise<{ admin: Actor; editor: Actor; target: { id: string; slug: string } }> {
  const admin = await buildUser(database.db);
  const editor = await buildUser(database.db);
  const target = await buildWorkspace(database.db, [
    { actor: admin, role: "owner" },
    { actor: editor, role: "editor" },
  ]);
  return { admin, editor, target };
}

describe("importWorkspace into an existing workspace", () => {
  it("shows nothing until it is complete, and a failed import removes only what it wrote: a document another member made meanwhile stays", async () => {
    const { admin, editor, target } = await emptyTarget();
    let seenMeanwhile: string[] = [];
    let madeMeanwhile = "";
    const blobs = new StoreWithHook(blobRoot, async () => {
      seenMeanwhile = await titlesIn(target.id);
      const made = await createDocument(contextFor(database.db, editor), { workspaceId: target.id, title: "Editor's meeting notes" }, { body: { ops: [{ insert: "Important\n" }] } });
      madeMeanwhile = made.id;
    });

    const error = await appErrorOf(importWorkspace(contextFor(database.db, admin), { into: { id: target.id } }, archive({ badImage: true }), blobs));
    expect([error.code, error.fields?.file]).toEqual(["validation_failed", expect.stringMatching(/x\.png is not a PNG/)]);

    const [kept] = await database.db.select().from(documents).where(eq(documents.id, madeMeanwhile));
    expect([kept?.text, kept?.deletedAt]).toEqual(["Important\n", null]);
    expect(await titlesIn(target.id)).toEqual(["Editor's meeting notes"]);
    // The archive's documents were written by then, but none showed in the workspace.
    expect(seenMeanwhile).toEqual([]);
    expect(await database.db.select().from(files).where(eq(files.workspaceId, target.id))).toEqual([]);
    expect(await database.db.select().from(revisions).where(eq(revisions.workspaceId, target.id))).toEqual([]);
    expect(await leftoverStaging()).toEqual([]);
    expect(blobFiles()).toBe(0);
  });

  it("refuses with 409 when the workspace got a document while it ran, and keeps nothing of the archive", async () => {
    const { admin, editor, target } = await emptyTarget();
    const blobs = new StoreWithHook(blobRoot, async () => {
      await createDocument(contextFor(database.db, editor), { workspaceId: target.id, title: "Editor's meeting notes" });
    });

    const error = await appErrorOf(importWorkspace(contextFor(database.db, admin), { into: { id: target.id } }, archive(), blobs));
    expect([error.code, error.message]).toEqual(["conflict", NOT_EMPTY_MESSAGE]);
    expect(await titlesIn(target.id)).toEqual(["Editor's meeting notes"]);
    expect(await leftoverStaging()).toEqual([]);
    expect(blobFiles()).toBe(0);
  });

  it("lands one of three imports sent at once into the same empty workspace; the others answer 409", async () => {
    const { admin, target } = await emptyTarget();
    const ctx = contextFor(database.db, admin);
    const bytes = archive();
    // Each import waits at its first image until every one has come that far (or ended): all are
    // then past the emptiness check they make before reading the archive, and none has landed yet.
    const arrived = new Set<number>();
    let releaseAll = () => {};
    const allArrived = new Promise<void>((resolve) => (releaseAll = resolve));
    const arrive = (n: number) => {
      arrived.add(n);
      if (arrived.size === 3) releaseAll();
      return allArrived;
    };

    const results = await Promise.allSettled(
      [0, 1, 2].map((n) =>
        importWorkspace(ctx, { into: { slug: target.slug } }, bytes, new StoreWithHook(blobRoot, () => arrive(n))).finally(() => void arrive(n)),
      ),
    );
    const landed = results.filter((r) => r.status === "fulfilled");
    const refused = await Promise.all(results.flatMap((r) => (r.status === "rejected" ? [appErrorOf(Promise.reject(r.reason))] : [])));
    expect(landed).toHaveLength(1);
    expect(refused.map((e) => [e.code, e.message])).toEqual([
      ["conflict", NOT_EMPTY_MESSAGE],
      ["conflict", NOT_EMPTY_MESSAGE],
    ]);

    // The archive once, with everything that goes with its documents.
    expect(await titlesIn(target.id)).toEqual(["Imported notes", "Imported plan"]);
    expect(await database.db.select({ id: files.id }).from(files).where(eq(files.workspaceId, target.id))).toHaveLength(1);
    expect(await database.db.select({ id: revisions.id }).from(revisions).where(eq(revisions.workspaceId, target.id))).toHaveLength(1);
    expect(await database.db.select({ id: commentThreads.id }).from(commentThreads).where(eq(commentThreads.workspaceId, target.id))).toHaveLength(1);
    expect(await leftoverStaging()).toEqual([]);
    expect(blobFiles()).toBe(1);
  });

  it("removes what a server stopped mid-import left a day ago, with its images' bytes, and leaves a running import's alone", async () => {
    const { admin, target } = await emptyTarget();
    const blobs = new DiskBlobStore(blobRoot);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const leftBehind = async (createdAt: Date) => {
      const [staging] = await database.db.insert(workspaces).values({ name: "Archive import in progress", slug: `_import-${crypto.randomUUID()}`, createdAt }).returning();
      if (!staging) throw new Error("no row");
      const [doc] = await database.db.insert(documents).values({ id: crypto.randomUUID(), workspaceId: staging.id, position: "a0", title: "Half imported" }).returning();
      const storageKey = newBlobKey();
      await blobs.put(storageKey, SAMPLE_IMAGES["image/png"]);
      await database.db.insert(files).values({ id: crypto.randomUUID(), workspaceId: staging.id, documentId: doc?.id ?? null, name: "dot.png", mime: "image/png", size: 1, sha256: "0".repeat(64), storageKey });
      return { id: staging.id, storageKey };
    };
    const stale = await leftBehind(dayAgo);
    const running = await leftBehind(new Date());

    await importWorkspace(contextFor(database.db, admin), { into: { id: target.id } }, archive(), blobs);
    expect((await leftoverStaging()).map((w) => w.id)).toEqual([running.id]);
    expect(await blobs.get(stale.storageKey)).toBeNull();
    expect(await blobs.get(running.storageKey)).not.toBeNull();
    await database.db.delete(workspaces).where(eq(workspaces.id, running.id));
  });

  it("removes them on the server's hourly tick too, without an import, and says how many", async () => {
    const blobs = new DiskBlobStore(blobRoot);
    await database.db
      .insert(workspaces)
      .values({ name: "Archive import in progress", slug: `_import-${crypto.randomUUID()}`, createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    const [young] = await database.db.insert(workspaces).values({ name: "Archive import in progress", slug: `_import-${crypto.randomUUID()}` }).returning();
    expect(await removeStaleStagingWorkspaces(database.db, blobs)).toBe(1);
    expect((await leftoverStaging()).map((w) => w.id)).toEqual([young?.id]);
    await database.db.delete(workspaces).where(eq(workspaces.id, young?.id ?? ""));
  });
});
