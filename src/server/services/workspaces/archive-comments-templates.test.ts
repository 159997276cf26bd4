import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { strToU8, unzipSync, zipSync } from "fflate";
import * as Y from "yjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { SAMPLE_IMAGES } from "@test/file-factories";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";
import type { Actor } from "@/server/context";
import { commentReactions, commentThreads, comments, documentTemplates, documents, files, workspaces } from "@/server/db/schema";
import { ENTRY } from "@/server/formats/archive/workspace-archive";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { deletedTextPlace, encodeAnchor, resolveAnchor } from "@/shared/comments/anchors";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { createCommentThread } from "@/server/services/comments/create-comment-thread";
import { deleteComment } from "@/server/services/comments/delete-comment";
import { replyToThread } from "@/server/services/comments/reply-to-thread";
import { setThreadResolved } from "@/server/services/comments/set-thread-resolved";
import { toggleCommentReaction } from "@/server/services/comments/toggle-comment-reaction";
import { createDocument } from "@/server/services/documents/create-document";
import { uploadImage } from "@/server/services/files/upload-image";
import { createTemplate } from "@/server/services/templates/create-template";
import { deleteTemplate } from "@/server/services/templates/delete-template";
import { listTemplates } from "@/server/services/templates/list-templates";
import { updateTemplate } from "@/server/services/templates/update-template";
import { exportWorkspace } from "./export-workspace";
import { importWorkspace } from "./import-workspace";

const database = withTestDatabase();
let blobRoot: string;
let blobs: DiskBlobStore;
beforeAll(() => {
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-archive-comments-"));
  blobs = new DiskBlobStore(blobRoot);
});
afterAll(() => fs.rmSync(blobRoot, { recursive: true, force: true }));

const text = (insert: string) => ({ ops: [{ insert }] });

async function archiveOf(owner: Actor, workspaceId: string): Promise<Uint8Array> {
  const exported = await exportWorkspace(contextFor(database.db, owner), { id: workspaceId }, blobs);
  return new Uint8Array(await new Response(exported.body).arrayBuffer());
}

async function stateOf(documentId: string): Promise<Y.Doc> {
  const [row] = await database.db.select({ ydoc: documents.ydoc }).from(documents).where(eq(documents.id, documentId));
  const doc = new Y.Doc();
  if (row?.ydoc) Y.applyUpdate(doc, row.ydoc);
  return doc;
}

/**
 * A document with three threads: one on "brave" (a reply by the co-author, reactions, resolved),
 * one on "new " whose words were deleted afterwards, and one on the whole document whose opening
 * comment was deleted with a reply left.
 */
async function seedComments(owner: Actor, coauthor: Actor) {
  const workspace = await buildWorkspace(database.db, [
    { actor: owner, role: "owner" },
    { actor: coauthor, role: "editor" },
  ]);
  const ownerCtx = contextFor(database.db, owner);
  const coauthorCtx = contextFor(database.db, coauthor);
  const doc = await createDocument(ownerCtx, { workspaceId: workspace.id, title: "Plan" }, { body: text("Hello brave new world\n") });
  const state = await stateOf(doc.id);
  const body = state.getText(BODY_YTEXT);
  const brave = await createCommentThread(ownerCtx, { documentId: doc.id, anchor: encodeAnchor(body, { index: 6, length: 5 }), quote: "brave", body: { ops: [{ insert: "Too " }, { insert: "bold", attributes: { bold: true } }, { insert: "?" }] } });
  const reply = await replyToThread(coauthorCtx, { threadId: brave.thread.id, body: text("Keep it.") });
  await toggleCommentReaction(ownerCtx, { commentId: brave.commentId, emoji: "👍" });
  await toggleCommentReaction(coauthorCtx, { commentId: brave.commentId, emoji: "👍" });
  await toggleCommentReaction(ownerCtx, { commentId: reply.id, emoji: "🎉" });
  await setThreadResolved(ownerCtx, { threadId: brave.thread.id, resolved: true });
  await createCommentThread(coauthorCtx, { documentId: doc.id, anchor: encodeAnchor(body, { index: 12, length: 4 }), quote: "new ", body: text("Drop this.") });
  const whole = await createCommentThread(ownerCtx, { documentId: doc.id, body: text("Who reviews?") });
  await replyToThread(coauthorCtx, { threadId: whole.thread.id, body: text("Me.") });
  await deleteComment(ownerCtx, { commentId: whole.commentId });
  // The words "new " are deleted and the document stored, as an editor's change would be.
  body.delete(12, 4);
  await database.db
    .update(documents)
    .set({ ydoc: Y.encodeStateAsUpdate(state), content: { ops: body.toDelta() as Array<{ insert: string }> }, text: body.toString() })
    .where(eq(documents.id, doc.id));
  state.destroy();
  return { workspace, doc };
}

/** The threads of a workspace's only document as comparable values: where their words are now, who said what. */
async function threadsIn(workspaceId: string) {
  const [doc] = await database.db.select({ id: documents.id }).from(documents).where(eq(documents.workspaceId, workspaceId));
  if (!doc) throw new Error("no document");
  const state = await stateOf(doc.id);
  const body = state.getText(BODY_YTEXT);
  const threads = await database.db.select().from(commentThreads).where(eq(commentThreads.documentId, doc.id)).orderBy(asc(commentThreads.createdAt));
  const result = [];
  for (const thread of threads) {
    const anchor = thread.anchorStart && thread.anchorEnd ? { start: thread.anchorStart, end: thread.anchorEnd } : null;
    const range = anchor ? resolveAnchor(state, body, anchor) : null;
    const messages = await database.db.select().from(comments).where(eq(comments.threadId, thread.id)).orderBy(asc(comments.createdAt));
    const reactions = await database.db.select().from(commentReactions);
    result.push({
      words: range ? body.toString().slice(range.index, range.index + range.length) : null,
      deletedAt: anchor && !range ? deletedTextPlace(state, body, anchor) : null,
      quote: thread.quote,
      createdBy: thread.createdBy,
      resolved: thread.resolvedAt?.toISOString() ?? null,
      resolvedBy: thread.resolvedBy,
      comments: messages.map((m) => ({
        author: m.authorId,
        text: m.body.ops.map((op) => op.insert).join(""),
        bold: m.body.ops.some((op) => op.attributes?.bold === true),
        deleted: m.deletedAt !== null,
        createdAt: m.createdAt.toISOString(),
        reactions: reactions.filter((r) => r.commentId === m.id).map((r) => [r.userId, r.emoji]),
      })),
    });
  }
  state.destroy();
  return result;
}

describe("workspace archives: comments", () => {
  it("keeps every thread on the same words, resolved state, tombstones and reactions; people become members by email", async () => {
    const owner = await buildUser(database.db, { name: "Olive Owner" });
    const coauthor = await buildUser(database.db, { name: "Cody Author" });
    const { workspace } = await seedComments(owner, coauthor);
    const archive = await archiveOf(owner, workspace.id);
    const entries = unzipSync(archive);
    const manifest = JSON.parse(new TextDecoder().decode(entries[ENTRY.manifest]));
    expect(manifest.counts).toMatchObject({ documents: 1, comments: 5 });

    const before = await threadsIn(workspace.id);
    expect(before.map((t) => [t.words, t.deletedAt, t.quote])).toEqual([
      ["brave", null, "brave"],
      [null, 12, "new"],
      [null, null, ""],
    ]);

    // Into a workspace where the co-author is a member: every person is found.
    const admin = await buildUser(database.db);
    const target = await buildWorkspace(database.db, [
      { actor: admin, role: "admin" },
      { actor: owner, role: "editor" },
      { actor: coauthor, role: "commenter" },
    ]);
    const imported = await importWorkspace(contextFor(database.db, admin), { into: { id: target.id } }, archive, blobs);
    expect(imported.counts).toMatchObject({ documents: 1, comments: 5 });
    expect(await threadsIn(target.id)).toEqual(before);

    // Into a new workspace of the owner's: the co-author is nobody there, so their words stay, unattributed.
    const copy = await importWorkspace(contextFor(database.db, owner), { create: { name: "Copy", slug: `copy-${workspace.slug}` } }, archive, blobs);
    const alone = await threadsIn(copy.workspace.id);
    expect(alone.map((t) => [t.words, t.deletedAt, t.createdBy])).toEqual([
      ["brave", null, owner.id],
      [null, 12, null],
      [null, null, owner.id],
    ]);
    expect(alone[0]?.comments.map((c) => [c.author, c.text, c.bold, c.reactions])).toEqual([
      [owner.id, "Too bold?", true, [[owner.id, "👍"]]],
      [null, "Keep it.", false, [[owner.id, "🎉"]]],
    ]);
    expect(alone[2]?.comments.map((c) => [c.author, c.text, c.deleted])).toEqual([
      [owner.id, "", true],
      [null, "Me.", false],
    ]);
  });

  it("refuses a hostile or malformed comment with the file's error and leaves nothing behind", async () => {
    const owner = await buildUser(database.db);
    const coauthor = await buildUser(database.db);
    const { workspace, doc } = await seedComments(owner, coauthor);
    const entries = unzipSync(await archiveOf(owner, workspace.id));
    const threads = JSON.parse(new TextDecoder().decode(entries[ENTRY.comments(doc.id)]));

    // A link the editor would never keep is dropped by the comment sanitiser, as for a posted comment.
    threads[0].comments[0].body = { ops: [{ insert: "click", attributes: { link: "javascript:alert(1)" } }, { insert: " me" }] };
    // An anchor past the end of the text is kept inside it.
    threads[1].anchor = { index: 10_000, length: 3 };
    entries[ENTRY.comments(doc.id)] = strToU8(JSON.stringify(threads));
    const hostile = await importWorkspace(contextFor(database.db, owner), { create: { name: "Hostile", slug: `hostile-${workspace.slug}` } }, zipSync(entries), blobs);
    const [first] = await threadsIn(hostile.workspace.id);
    const [opening] = await database.db.select().from(comments).where(eq(comments.authorId, owner.id)).orderBy(asc(comments.createdAt));
    expect(first?.comments[0]?.text).toBe("click me");
    expect(JSON.stringify(opening?.body)).not.toContain("javascript:");

    // An empty comment is no comment: the archive is refused, and the new workspace removed.
    threads[0].comments[0].body = { ops: [{ insert: "  " }] };
    entries[ENTRY.comments(doc.id)] = strToU8(JSON.stringify(threads));
    const slug = `empty-${workspace.slug}`;
    const refused = await appErrorOf(importWorkspace(contextFor(database.db, owner), { create: { name: "Empty", slug } }, zipSync(entries), blobs));
    expect(refused.code).toBe("validation_failed");
    expect(refused.fields?.file).toMatch(/a comment on “Plan” can't be imported/);
    expect(await database.db.select().from(workspaces).where(eq(workspaces.slug, slug))).toEqual([]);

    entries[ENTRY.comments(doc.id)] = strToU8(JSON.stringify([{ anchor: null, quote: "", comments: [] }]));
    const malformed = await appErrorOf(importWorkspace(contextFor(database.db, owner), { create: { name: "Bad", slug: `bad-${workspace.slug}` } }, zipSync(entries), blobs));
    expect(malformed.fields?.file).toMatch(/the comments of the document .* is not valid/);
  });
});

describe("workspace archives: templates", () => {
  async function seedTemplates(owner: Actor) {
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const ctx = contextFor(database.db, owner);
    const listed = await listTemplates(ctx, { id: workspace.id });
    const meeting = listed.templates.find((t) => t.builtInKey === "meeting-notes");
    const weekly = listed.templates.find((t) => t.builtInKey === "weekly-report");
    if (!meeting || !weekly) throw new Error("built-in templates expected");
    await updateTemplate(ctx, { templateId: meeting.id, name: "Standup notes" });
    await deleteTemplate(ctx, { templateId: weekly.id });
    const doc = await createDocument(ctx, { workspaceId: workspace.id, title: "Logo" });
    const image = await uploadImage(ctx, { documentId: doc.id, name: "dot.png", bytes: SAMPLE_IMAGES["image/png"] }, blobs);
    await createTemplate(ctx, { workspaceId: workspace.id, name: "Release", description: "Ship it", body: { ops: [{ insert: { image: image.url } }, { insert: "Notes\n" }] } });
    return workspace;
  }

  const templatesOf = async (workspaceId: string) =>
    (await database.db.select().from(documentTemplates).where(eq(documentTemplates.workspaceId, workspaceId)).orderBy(asc(documentTemplates.name))).map((t) => ({
      name: t.name,
      description: t.description,
      builtInKey: t.builtInKey,
      body: JSON.stringify(t.body).replace(/\/api\/v1\/files\/[A-Za-z0-9_-]+/g, "FILE"),
    }));

  it("carries templates as they were edited, built-ins deleted there stay deleted, images point at the new files", async () => {
    const owner = await buildUser(database.db);
    const workspace = await seedTemplates(owner);
    const archive = await archiveOf(owner, workspace.id);
    const imported = await importWorkspace(contextFor(database.db, owner), { create: { name: "Copy", slug: `copy-${workspace.slug}` } }, archive, blobs);
    const expected = await templatesOf(workspace.id);
    expect(expected.map((t) => t.name)).toContain("Standup notes");
    expect(expected.some((t) => t.builtInKey === "weekly-report")).toBe(false);
    expect(imported.counts.templates).toBe(expected.length);
    expect(await templatesOf(imported.workspace.id)).toEqual(expected);
    // The listing seeds nothing more: the built-in the archive lacked does not come back.
    const listed = await listTemplates(contextFor(database.db, owner), { id: imported.workspace.id });
    expect(listed.templates.map((t) => t.name).sort()).toEqual(expected.map((t) => t.name).sort());
    const releaseIn = async (workspaceId: string) => (await database.db.select().from(documentTemplates).where(eq(documentTemplates.workspaceId, workspaceId))).find((t) => t.name === "Release");
    const [copiedImage] = await database.db.select({ id: files.id }).from(files).where(eq(files.workspaceId, imported.workspace.id));
    expect(JSON.stringify((await releaseIn(imported.workspace.id))?.body)).toContain(`/api/v1/files/${copiedImage?.id}`);
    expect(JSON.stringify((await releaseIn(workspace.id))?.body)).not.toContain(`/api/v1/files/${copiedImage?.id}`);
  });

  it("into an existing workspace: keeps its own templates, replaces its built-ins by the archive's, adds the rest", async () => {
    const owner = await buildUser(database.db);
    const source = await seedTemplates(owner);
    const archive = await archiveOf(owner, source.id);
    const target = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    await createTemplate(contextFor(database.db, owner), { workspaceId: target.id, name: "Ours", description: "" });
    await importWorkspace(contextFor(database.db, owner), { into: { id: target.id } }, archive, blobs);
    const names = (await templatesOf(target.id)).map((t) => t.name);
    expect(names).toContain("Ours");
    expect(names).toContain("Standup notes");
    expect(names).not.toContain("Meeting notes");
    // The target's own weekly report stays: an existing workspace loses nothing it had.
    expect(names).toContain("Weekly report");
    expect(new Set(names).size).toBe(names.length);
  });

  it("reads an archive made before comments and templates were archived: the new workspace keeps its built-ins", async () => {
    const owner = await buildUser(database.db);
    const workspace = await seedTemplates(owner);
    const entries = unzipSync(await archiveOf(owner, workspace.id));
    delete entries[ENTRY.templates];
    const manifest = JSON.parse(new TextDecoder().decode(entries[ENTRY.manifest]));
    delete manifest.counts.comments;
    delete manifest.counts.templates;
    entries[ENTRY.manifest] = strToU8(JSON.stringify(manifest));
    const imported = await importWorkspace(contextFor(database.db, owner), { create: { name: "Old", slug: `old-${workspace.slug}` } }, zipSync(entries), blobs);
    expect(imported.counts).toMatchObject({ comments: 0, templates: 0 });
    const listed = await listTemplates(contextFor(database.db, owner), { id: imported.workspace.id });
    expect(listed.templates.map((t) => t.builtInKey).filter(Boolean)).toContain("weekly-report");
  });
});
