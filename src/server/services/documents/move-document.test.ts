import { and, asc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { MAX_TREE_DEPTH } from "@/shared/editor-rules";
import type { ServiceContext } from "@/server/context";
import { documents } from "@/server/db/schema";
import { MOVE_INTO_ITSELF, STALE_POSITION, TOO_DEEP } from "@/server/services/documents/internal/document-tree";
import { DOCUMENT_NOT_FOUND } from "./find-document-for-member";
import { moveDocument } from "./move-document";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

async function editorWorkspace() {
  const editor = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor: editor, role: "editor" }]);
  return { editor, workspace, ctx: contextFor(database.db, editor) };
}

/** Titles of the live children of `parentId`, in order. */
async function childTitles(workspaceId: string, parentId: string | null) {
  const rows = await database.db
    .select({ title: documents.title })
    .from(documents)
    .where(
      and(
        eq(documents.workspaceId, workspaceId),
        parentId ? eq(documents.parentId, parentId) : isNull(documents.parentId),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(asc(documents.position), asc(documents.id));
  return rows.map((r) => r.title);
}

async function siblingsABC(workspaceId: string, parentId: string | null = null) {
  const a = await buildDocument(database.db, workspaceId, { parentId, title: "A" });
  const b = await buildDocument(database.db, workspaceId, { parentId, title: "B" });
  const c = await buildDocument(database.db, workspaceId, { parentId, title: "C" });
  return { a, b, c };
}

async function expectConflict(ctx: ServiceContext, input: Parameters<typeof moveDocument>[1], message: string) {
  await expect(moveDocument(ctx, input)).rejects.toMatchObject({ code: "conflict", message });
}

describe("moveDocument", () => {
  it("places a document between the two neighbours given", async () => {
    const { workspace, ctx } = await editorWorkspace();
    const { a, b, c } = await siblingsABC(workspace.id);
    await moveDocument(ctx, { documentId: c.id, parentId: null, afterId: a.id, beforeId: b.id });
    expect(await childTitles(workspace.id, null)).toEqual(["A", "C", "B"]);
  });

  it("places it first with only beforeId, after a sibling with only afterId, last with neither", async () => {
    const { workspace, ctx } = await editorWorkspace();
    const { a, b, c } = await siblingsABC(workspace.id);
    await moveDocument(ctx, { documentId: c.id, parentId: null, beforeId: a.id });
    expect(await childTitles(workspace.id, null)).toEqual(["C", "A", "B"]);
    await moveDocument(ctx, { documentId: c.id, parentId: null, afterId: a.id });
    expect(await childTitles(workspace.id, null)).toEqual(["A", "C", "B"]);
    await moveDocument(ctx, { documentId: a.id, parentId: null, afterId: null, beforeId: null });
    expect(await childTitles(workspace.id, null)).toEqual(["C", "B", "A"]);
    await moveDocument(ctx, { documentId: b.id, parentId: null, afterId: a.id });
    expect(await childTitles(workspace.id, null)).toEqual(["C", "A", "B"]);
  });

  it("re-parents a document with its children, keeping its updatedAt", async () => {
    const { workspace, ctx } = await editorWorkspace();
    const target = await buildDocument(database.db, workspace.id, { title: "Target" });
    const { a } = await siblingsABC(workspace.id, target.id);
    const doc = await buildDocument(database.db, workspace.id, { title: "Moved", updatedAt: new Date("2026-01-01") });
    const child = await buildDocument(database.db, workspace.id, { parentId: doc.id, title: "Child" });
    const moved = await moveDocument(ctx, { documentId: doc.id, parentId: target.id, afterId: a.id });
    expect(moved).toMatchObject({ parentId: target.id, updatedAt: new Date("2026-01-01") });
    expect(await childTitles(workspace.id, target.id)).toEqual(["A", "Moved", "B", "C"]);
    expect(await childTitles(workspace.id, doc.id)).toEqual([child.title]);
  });

  it("refuses to move a document under itself or one of its descendants", async () => {
    const { workspace, ctx } = await editorWorkspace();
    const doc = await buildDocument(database.db, workspace.id);
    const child = await buildDocument(database.db, workspace.id, { parentId: doc.id });
    const grandchild = await buildDocument(database.db, workspace.id, { parentId: child.id });
    for (const parentId of [doc.id, child.id, grandchild.id]) {
      await expectConflict(ctx, { documentId: doc.id, parentId }, MOVE_INTO_ITSELF);
    }
    expect(MOVE_INTO_ITSELF).toBe("You can't move a document into itself or one of its sub-documents.");
  });

  it("never lets two simultaneous moves form a cycle", async () => {
    const { workspace, ctx } = await editorWorkspace();
    const a = await buildDocument(database.db, workspace.id);
    const b = await buildDocument(database.db, workspace.id);
    const results = await Promise.allSettled([
      moveDocument(ctx, { documentId: a.id, parentId: b.id }),
      moveDocument(ctx, { documentId: b.id, parentId: a.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "conflict", message: MOVE_INTO_ITSELF } });
  });

  it("refuses neighbours that are not adjacent live siblings under the new parent", async () => {
    const { workspace, ctx } = await editorWorkspace();
    const { a, b, c } = await siblingsABC(workspace.id);
    const folder = await buildDocument(database.db, workspace.id, { title: "Folder" });
    const nested = await buildDocument(database.db, workspace.id, { parentId: folder.id });
    const trashed = await buildDocument(database.db, workspace.id, { deletedAt: new Date() });
    const stale: Array<Parameters<typeof moveDocument>[1]> = [
      { documentId: c.id, parentId: null, afterId: nested.id },
      { documentId: c.id, parentId: folder.id, afterId: a.id },
      { documentId: c.id, parentId: null, afterId: trashed.id },
      { documentId: c.id, parentId: null, afterId: "aaaaaaaaaaaa" },
      { documentId: c.id, parentId: null, afterId: c.id },
      { documentId: folder.id, parentId: null, afterId: a.id, beforeId: c.id },
      { documentId: c.id, parentId: null, afterId: b.id, beforeId: a.id },
    ];
    for (const input of stale) await expectConflict(ctx, input, STALE_POSITION);
    expect(await childTitles(workspace.id, null)).toEqual(["A", "B", "C", "Folder"]);
  });

  it(`counts the moved subtree's height against the ${MAX_TREE_DEPTH}-level limit`, async () => {
    const { workspace, ctx } = await editorWorkspace();
    let parentId: string | null = null;
    for (let level = 1; level <= MAX_TREE_DEPTH - 2; level++) {
      parentId = (await buildDocument(database.db, workspace.id, { parentId })).id;
    }
    const deepParent = parentId;
    const doc = await buildDocument(database.db, workspace.id);
    const child = await buildDocument(database.db, workspace.id, { parentId: doc.id });
    // deepParent is at level 23: doc lands at 24 and its child at 25.
    await moveDocument(ctx, { documentId: doc.id, parentId: deepParent });
    await buildDocument(database.db, workspace.id, { parentId: child.id });
    await moveDocument(ctx, { documentId: doc.id, parentId: null });
    await expectConflict(ctx, { documentId: doc.id, parentId: deepParent }, TOO_DEEP);
  });

  it("answers not_found alike for a parent that is trashed, elsewhere or unknown", async () => {
    const { editor, workspace, ctx } = await editorWorkspace();
    const elsewhere = await buildWorkspace(database.db, [{ actor: editor, role: "owner" }]);
    const doc = await buildDocument(database.db, workspace.id);
    const trashed = await buildDocument(database.db, workspace.id, { deletedAt: new Date() });
    const foreign = await buildDocument(database.db, elsewhere.id);
    for (const parentId of [trashed.id, foreign.id, "aaaaaaaaaaaa"]) {
      await expect(moveDocument(ctx, { documentId: doc.id, parentId })).rejects.toMatchObject({
        code: "not_found",
        message: DOCUMENT_NOT_FOUND,
      });
    }
  });

  it("answers not_found for a trashed document and refuses viewers", async () => {
    const { workspace, ctx } = await editorWorkspace();
    const trashed = await buildDocument(database.db, workspace.id, { deletedAt: new Date() });
    await expect(moveDocument(ctx, { documentId: trashed.id, parentId: null })).rejects.toMatchObject({ code: "not_found" });
    const viewer = await buildUser(database.db);
    const viewed = await buildWorkspace(database.db, [{ actor: viewer, role: "viewer" }]);
    const doc = await buildDocument(database.db, viewed.id);
    await expect(moveDocument(contextFor(database.db, viewer), { documentId: doc.id, parentId: null })).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
