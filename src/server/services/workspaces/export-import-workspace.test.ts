import crypto from "node:crypto";
import fs from "node:fs";
import zlib from "node:zlib";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { SAMPLE_IMAGES } from "@test/file-factories";
import { deflatedZeros, lyingZip } from "@test/zip-bomb";
import type { Actor } from "@/server/context";
import { documents, files, revisions, workspaceSlugRedirects, workspaces } from "@/server/db/schema";
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, ENTRY } from "@/server/formats/archive/workspace-archive";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { BUILT_IN_TEMPLATES } from "@/server/services/templates/internal/built-in-templates";
import { createDocument } from "@/server/services/documents/create-document";
import { trashDocument } from "@/server/services/documents/trash-document";
import { uploadImage } from "@/server/services/files/upload-image";
import { exportWorkspace } from "./export-workspace";
import { NOT_EMPTY_MESSAGE, importWorkspace } from "./import-workspace";
import { updateWorkspace } from "./update-workspace";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();
let blobRoot: string;
let blobs: DiskBlobStore;
beforeAll(async () => {
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-archive-"));
  blobs = new DiskBlobStore(blobRoot);
});
afterAll(async () => {
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

async function collect(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** A workspace with a nested tree, formatted text, an image, a trashed subtree and revisions. */
async function seedWorkspace(owner: Actor, coauthor: Actor) {
  const db = database.db;
  const workspace = await buildWorkspace(db, [
    { actor: owner, role: "owner" },
    { actor: coauthor, role: "editor" },
  ]);
  const ctx = contextFor(db, owner);
  const handbook = await createDocument(ctx, { workspaceId: workspace.id, title: "Handbook" }, {
    body: { ops: [{ insert: "Welcome" }, { insert: "\n", attributes: { header: 1 } }, { insert: "bold", attributes: { bold: true } }, { insert: " and a list\n" }] },
  });
  const image = await uploadImage(ctx, { documentId: handbook.id, name: "dot.png", bytes: SAMPLE_IMAGES["image/png"] }, blobs);
  const chapter = await createDocument(ctx, { workspaceId: workspace.id, title: "Chapter one", parentId: handbook.id }, {
    body: {
      ops: [
        { insert: "See " },
        { insert: { image: image.url } },
        { insert: " and " },
        { insert: "a link", attributes: { link: "https://example.com/" } },
        { insert: "\n" },
        { insert: "x = 1", attributes: {} },
        { insert: "\n", attributes: { "code-block": "plain" } },
      ],
    },
  });
  const second = await createDocument(ctx, { workspaceId: workspace.id, title: "Chapter two", parentId: handbook.id }, { body: { ops: [{ insert: "Two\n" }] } });
  const notes = await createDocument(ctx, { workspaceId: workspace.id, title: "Notes" });
  const old = await createDocument(ctx, { workspaceId: workspace.id, title: "Old", parentId: notes.id }, { body: { ops: [{ insert: "Gone soon\n" }] } });
  await createDocument(ctx, { workspaceId: workspace.id, title: "Older", parentId: old.id });
  await trashDocument(ctx, { documentId: old.id });
  await db.insert(revisions).values([
    {
      documentId: chapter.id,
      workspaceId: workspace.id,
      kind: "auto",
      title: "Chapter one",
      delta: { ops: [{ insert: "Draft " }, { insert: { image: image.url } }, { insert: "\n" }] },
      size: 7,
      createdBy: coauthor.id,
      authorIds: [owner.id, coauthor.id],
      createdAt: new Date("2026-01-02T03:04:05.678Z"),
    },
    { documentId: chapter.id, workspaceId: workspace.id, kind: "named", name: "First cut", title: "Chapter 1", delta: { ops: [{ insert: "Draft\n" }] }, size: 5, createdBy: owner.id, authorIds: [owner.id], createdAt: new Date("2026-01-03T00:00:00.000Z") },
  ]);
  return { workspace, handbook, chapter, second, image };
}

/** A workspace's documents as a tree of comparable values: ids replaced by paths of titles. */
async function snapshot(workspaceId: string) {
  const rows = await database.db.select().from(documents).where(eq(documents.workspaceId, workspaceId)).orderBy(asc(documents.position));
  const fileRows = await database.db.select().from(files).where(eq(files.workspaceId, workspaceId));
  const fileName = new Map(fileRows.map((f) => [`/api/v1/files/${f.id}`, `file:${f.name}:${f.sha256}`]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (id: string | null): string => {
    if (id === null) return "";
    const row = byId.get(id);
    return row ? `${pathOf(row.parentId)}/${row.title}` : "?";
  };
  const withFiles = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/\/api\/v1\/files\/[A-Za-z0-9_-]+/g, (url) => fileName.get(url) ?? url));
  const revs = await database.db.select().from(revisions).where(eq(revisions.workspaceId, workspaceId)).orderBy(asc(revisions.createdAt));
  return {
    documents: rows.map((r) => ({
      path: pathOf(r.id),
      position: r.position,
      content: withFiles(r.content),
      text: r.text,
      trashed: r.deletedAt?.toISOString() ?? null,
      trashedWith: r.deletedRootId ? pathOf(r.deletedRootId) : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    files: fileRows.map((f) => ({ name: f.name, mime: f.mime, size: f.size, sha256: f.sha256, document: pathOf(f.documentId) })),
    revisions: revs.map((r) => ({ document: pathOf(r.documentId), kind: r.kind, name: r.name, title: r.title, delta: withFiles(r.delta), size: r.size, createdAt: r.createdAt.toISOString() })),
  };
}

describe("exportWorkspace and importWorkspace", () => {
  it("round-trips a workspace into a new one: same tree, order, titles, bodies, images and revisions", async () => {
    const owner = await buildUser(database.db);
    const coauthor = await buildUser(database.db, { name: "Co Author" });
    const { workspace, chapter } = await seedWorkspace(owner, coauthor);
    const ctx = contextFor(database.db, owner);

    const exported = await exportWorkspace(ctx, { slug: workspace.slug }, blobs, new Date("2026-11-21T10:00:00Z"));
    expect(exported.filename).toBe(`${workspace.slug}-2026-11-21.quire.zip`);
    const archive = await collect(exported.body);
    const entries = unzipSync(archive);
    const manifest = JSON.parse(new TextDecoder().decode(entries[ENTRY.manifest]));
    expect(manifest).toMatchObject({
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      appVersion: expect.any(String),
      createdAt: "2026-11-21T10:00:00.000Z",
      workspace: { id: workspace.id, name: workspace.name, slug: workspace.slug },
      counts: { documents: 6, files: 1, revisions: 2 },
    });
    expect(entries[ENTRY.state(chapter.id)]?.byteLength).toBeGreaterThan(0);

    const imported = await importWorkspace(ctx, { create: { name: "Copy", slug: `copy-${workspace.slug}` } }, archive, blobs);
    expect(imported.counts).toEqual({ documents: 6, files: 1, revisions: 2, comments: 0, templates: BUILT_IN_TEMPLATES.length });
    expect(imported.workspace).toMatchObject({ name: "Copy", slug: `copy-${workspace.slug}` });

    const before = await snapshot(workspace.id);
    const after = await snapshot(imported.workspace.id);
    expect(after).toEqual(before);
    expect(after.documents.map((d) => d.path)).toEqual(expect.arrayContaining(["/Handbook", "/Handbook/Chapter one", "/Handbook/Chapter two", "/Notes/Old/Older"]));
    expect(after.documents.find((d) => d.path === "/Notes/Old/Older")).toMatchObject({ trashed: expect.any(String), trashedWith: "/Notes/Old" });

    // New ids everywhere, and image addresses point at the new workspace's own file.
    const newDocs = await database.db.select().from(documents).where(eq(documents.workspaceId, imported.workspace.id));
    const oldIds = new Set((await database.db.select({ id: documents.id }).from(documents).where(eq(documents.workspaceId, workspace.id))).map((r) => r.id));
    expect(newDocs.some((d) => oldIds.has(d.id))).toBe(false);
    const [newFile] = await database.db.select().from(files).where(eq(files.workspaceId, imported.workspace.id));
    const newChapter = newDocs.find((d) => d.title === "Chapter one");
    expect(JSON.stringify(newChapter?.content)).toContain(`/api/v1/files/${newFile?.id}`);
    expect(newFile?.documentId).toBe(newDocs.find((d) => d.title === "Handbook")?.id);
    const blob = await blobs.get(newFile?.storageKey ?? "");
    expect(new Uint8Array(await new Response(blob?.stream).arrayBuffer())).toEqual(SAMPLE_IMAGES["image/png"]);
    // The body's Yjs state is what the editor loads: it must hold the same delta.
    expect(newChapter?.ydoc?.byteLength).toBeGreaterThan(0);

    // The importer is the only member of the copy: the co-author's name is dropped from revisions.
    const newRevisions = await database.db.select().from(revisions).where(eq(revisions.workspaceId, imported.workspace.id)).orderBy(asc(revisions.createdAt));
    expect(newRevisions.map((r) => [r.createdBy, r.authorIds])).toEqual([
      [null, [owner.id]],
      [owner.id, [owner.id]],
    ]);
  });

  it("imports into an empty workspace the caller administers, and maps revision authors who are members", async () => {
    const owner = await buildUser(database.db);
    const coauthor = await buildUser(database.db);
    const { workspace } = await seedWorkspace(owner, coauthor);
    const archive = await collect((await exportWorkspace(contextFor(database.db, owner), { id: workspace.id }, blobs)).body);

    const admin = await buildUser(database.db);
    const empty = await buildWorkspace(database.db, [
      { actor: admin, role: "admin" },
      { actor: coauthor, role: "viewer" },
    ]);
    const imported = await importWorkspace(contextFor(database.db, admin), { into: { slug: empty.slug } }, archive, blobs);
    expect(imported.workspace.id).toBe(empty.id);
    expect(await snapshot(empty.id)).toEqual(await snapshot(workspace.id));
    const revs = await database.db.select().from(revisions).where(eq(revisions.workspaceId, empty.id)).orderBy(asc(revisions.createdAt));
    expect(revs[0]).toMatchObject({ createdBy: coauthor.id, authorIds: [coauthor.id] });

    const again = await appErrorOf(importWorkspace(contextFor(database.db, admin), { into: { id: empty.id } }, archive, blobs));
    expect([again.code, again.message]).toEqual(["conflict", NOT_EMPTY_MESSAGE]);
  });

  it("lets only admins and owners export or import into a workspace; others' workspaces are not found", async () => {
    const owner = await buildUser(database.db);
    const editor = await buildUser(database.db);
    const stranger = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [
      { actor: owner, role: "owner" },
      { actor: editor, role: "editor" },
    ]);
    const archive = await collect((await exportWorkspace(contextFor(database.db, owner), { id: workspace.id }, blobs)).body);
    expect((await appErrorOf(exportWorkspace(contextFor(database.db, editor), { id: workspace.id }, blobs))).code).toBe("forbidden");
    expect((await appErrorOf(exportWorkspace(contextFor(database.db, stranger), { id: workspace.id }, blobs))).code).toBe("not_found");
    expect((await appErrorOf(importWorkspace(contextFor(database.db, editor), { into: { id: workspace.id } }, archive, blobs))).code).toBe("forbidden");
    expect((await appErrorOf(importWorkspace(contextFor(database.db, stranger), { into: { id: workspace.id } }, archive, blobs))).code).toBe("not_found");
    const tokenCtx = { ...contextFor(database.db, owner), grant: { tokenId: "t", workspaceId: workspace.id, scope: "write" as const } };
    expect((await appErrorOf(importWorkspace(tokenCtx, { create: { name: "X", slug: "by-token-x" } }, archive, blobs))).code).toBe("forbidden");
    // An archive is a read: the owner's read token exports it; an editor's token, of either scope, doesn't.
    const readToken = { ...tokenCtx, grant: { ...tokenCtx.grant, scope: "read" as const } };
    expect(unzipSync(await collect((await exportWorkspace(readToken, { id: workspace.id }, blobs)).body))[ENTRY.manifest]).toBeDefined();
    const editorReadToken = { ...contextFor(database.db, editor), grant: { tokenId: "t", workspaceId: workspace.id, scope: "read" as const } };
    expect((await appErrorOf(exportWorkspace(editorReadToken, { id: workspace.id }, blobs))).code).toBe("forbidden");
    const otherToken = { ...tokenCtx, grant: { ...tokenCtx.grant, workspaceId: crypto.randomUUID() } };
    expect((await appErrorOf(exportWorkspace(otherToken, { id: workspace.id }, blobs))).code).toBe("not_found");
    expect((await appErrorOf(importWorkspace(otherToken, { into: { id: workspace.id } }, archive, blobs))).code).toBe("not_found");
  });

  it("refuses a bad archive with a message on the file field, and writes nothing", async () => {
    const owner = await buildUser(database.db);
    const ctx = contextFor(database.db, owner);
    const manifest = { format: ARCHIVE_FORMAT, formatVersion: 1, appVersion: "0.1.0", createdAt: "2026-11-21T10:00:00.000Z", workspace: { id: "w", name: "W", slug: "w" }, counts: { documents: 1, files: 1, revisions: 0 } };
    const doc = { id: "a", parentId: null, position: "a0", title: "A", createdAt: manifest.createdAt, updatedAt: manifest.createdAt, deletedAt: null, deletedRootId: null };
    const zipOf = (entries: Record<string, unknown>) =>
      zipSync(Object.fromEntries(Object.entries(entries).map(([name, value]) => [name, value instanceof Uint8Array ? value : strToU8(JSON.stringify(value))])));
    const cases: Array<[string, Uint8Array, RegExp]> = [
      ["not a zip", strToU8("hello"), /not a zip file/],
      ["no manifest", zipOf({ "x.json": {} }), /no Quire manifest/],
      ["a newer format", zipOf({ [ENTRY.manifest]: { ...manifest, formatVersion: 99 } }), /newer Quire \(archive format 99\)/],
      ["a missing parent", zipOf({ [ENTRY.manifest]: manifest, [ENTRY.documents]: [{ ...doc, parentId: "zz" }], [ENTRY.files]: [], [ENTRY.content("a")]: { ops: [] } }), /parent of “A” is missing/],
      ["a cycle", zipOf({ [ENTRY.manifest]: manifest, [ENTRY.documents]: [{ ...doc, parentId: "b" }, { ...doc, id: "b", parentId: "a" }], [ENTRY.files]: [], [ENTRY.content("a")]: { ops: [] }, [ENTRY.content("b")]: { ops: [] } }), /cycle/],
      ["a missing body", zipOf({ [ENTRY.manifest]: manifest, [ENTRY.documents]: [doc], [ENTRY.files]: [] }), /text of “A” is missing/],
    ];
    for (const [label, bytes, message] of cases) {
      const error = await appErrorOf(importWorkspace(ctx, { create: { name: "Bad", slug: "bad-archive" } }, bytes, blobs));
      expect([label, error.code, error.fields?.file]).toEqual([label, "validation_failed", expect.stringMatching(message)]);
    }
    // Found bad only while writing (the "image" is text): the new workspace and its blobs go again.
    const blobCount = () => fs.readdirSync(blobRoot, { recursive: true }).length;
    const blobsBefore = blobCount();
    const notAnImage = zipOf({
      [ENTRY.manifest]: manifest,
      [ENTRY.documents]: [doc],
      [ENTRY.files]: [{ id: "f1", documentId: "a", name: "x.png", mime: "image/png", size: 5, sha256: "0".repeat(64), createdAt: manifest.createdAt }],
      [ENTRY.content("a")]: { ops: [{ insert: "Hi\n" }] },
      [ENTRY.blob("f1")]: strToU8("hello"),
    });
    const error = await appErrorOf(importWorkspace(ctx, { create: { name: "Bad", slug: "bad-archive" } }, notAnImage, blobs));
    expect(error.fields?.file).toMatch(/not a PNG/);
    expect(await database.db.select().from(workspaces).where(eq(workspaces.slug, "bad-archive"))).toEqual([]);
    expect(blobCount()).toBe(blobsBefore);
  });

  it("refuses an archive whose entry unpacks to more than its zip declares, quickly, and writes nothing", async () => {
    const owner = await buildUser(database.db);
    const ctx = contextFor(database.db, owner);
    const createdAt = "2026-11-21T10:00:00.000Z";
    const manifest = { format: ARCHIVE_FORMAT, formatVersion: 1, appVersion: "0.1.0", createdAt, workspace: { id: "w", name: "W", slug: "w" }, counts: { documents: 1, files: 1, revisions: 0 } };
    const doc = { id: "a", parentId: null, position: "a0", title: "A", createdAt, updatedAt: createdAt, deletedAt: null, deletedRootId: null };
    const file = { id: "f1", documentId: "a", name: "x.png", mime: "image/png", size: 1000, sha256: "0".repeat(64), createdAt };
    const honest = (name: string, value: unknown) => {
      const bytes = strToU8(JSON.stringify(value));
      return { name, deflated: zlib.deflateRawSync(bytes), claimedSize: bytes.byteLength };
    };
    const bomb = lyingZip([
      honest(ENTRY.manifest, manifest),
      honest(ENTRY.documents, [doc]),
      honest(ENTRY.files, [file]),
      honest(ENTRY.content("a"), { ops: [{ insert: "Hi\n" }] }),
      { name: ENTRY.blob("f1"), deflated: deflatedZeros(1024), claimedSize: 1000 }, // 1 GiB of zeros
    ]);
    const error = await appErrorOf(importWorkspace(ctx, { create: { name: "Bomb", slug: "bomb-archive" } }, bomb, blobs));
    expect(error.fields?.file).toMatch(/damaged: the bytes of the file f1 can't be read \(files\/f1 unpacks to more than the 1,000 bytes its zip directory declares \(a possible zip bomb\)\)/);
    expect(await database.db.select().from(workspaces).where(eq(workspaces.slug, "bomb-archive"))).toEqual([]);
  });

  it("refuses a taken address on the slug field", async () => {
    const owner = await buildUser(database.db);
    const taken = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const archive = await collect((await exportWorkspace(contextFor(database.db, owner), { id: taken.id }, blobs)).body);
    const error = await appErrorOf(importWorkspace(contextFor(database.db, owner), { create: { name: "Again", slug: taken.slug } }, archive, blobs));
    expect([error.code, error.fields?.slug]).toEqual(["validation_failed", expect.stringMatching(/taken/)]);
    expect(await database.db.select().from(documents).where(and(eq(documents.workspaceId, taken.id)))).toEqual([]);
  });

  it("takes an address another workspace left behind, as creating a workspace does: members of the moved one are no longer sent here", async () => {
    const owner = await buildUser(database.db);
    const moved = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const oldSlug = moved.slug;
    await updateWorkspace(contextFor(database.db, owner), { workspaceId: moved.id, name: moved.name, slug: `${oldSlug}-new` });
    const archive = await collect((await exportWorkspace(contextFor(database.db, owner), { id: moved.id }, blobs)).body);
    const imported = await importWorkspace(contextFor(database.db, owner), { create: { name: "Heir", slug: oldSlug } }, archive, blobs);
    expect(imported.workspace.slug).toBe(oldSlug);
    expect(await database.db.select().from(workspaceSlugRedirects).where(eq(workspaceSlugRedirects.oldSlug, oldSlug))).toEqual([]);
  });
});
