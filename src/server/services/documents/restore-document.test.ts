import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { MAX_TREE_DEPTH } from "@/shared/editor-rules";
import { documents } from "@/server/db/schema";
import { DOCUMENT_NOT_FOUND } from "./find-document-for-member";
import { purgeDocument } from "./purge-document";
import { restoreDocument } from "./restore-document";
import { trashDocument } from "./trash-document";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

async function adminWorkspace() {
  const admin = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor: admin, role: "admin" }]);
  return { admin, workspace, ctx: contextFor(database.db, admin) };
}

async function rowsOf(ids: string[]) {
  const rows = await database.db.select().from(documents).where(inArray(documents.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

describe("restoreDocument", () => {
  it("brings back the root and everything trashed with it, in its old place", async () => {
    const { workspace, ctx } = await adminWorkspace();
    const parent = await buildDocument(database.db, workspace.id);
    const doc = await buildDocument(database.db, workspace.id, { parentId: parent.id });
    const after = await buildDocument(database.db, workspace.id, { parentId: parent.id });
    const child = await buildDocument(database.db, workspace.id, { parentId: doc.id });
    await trashDocument(ctx, { documentId: doc.id });

    const restored = await restoreDocument(ctx, { documentId: doc.id });

    expect(restored).toMatchObject({ id: doc.id, parentId: parent.id, position: doc.position });
    expect(restored.position < after.position).toBe(true);
    const rows = await rowsOf([doc.id, child.id]);
    for (const row of rows.values()) expect(row).toMatchObject({ deletedAt: null, deletedBy: null, deletedRootId: null });
  });

  it("leaves a descendant that was trashed on its own in the trash", async () => {
    const { workspace, ctx } = await adminWorkspace();
    const doc = await buildDocument(database.db, workspace.id);
    const child = await buildDocument(database.db, workspace.id, { parentId: doc.id });
    await trashDocument(ctx, { documentId: child.id });
    await trashDocument(ctx, { documentId: doc.id });
    await restoreDocument(ctx, { documentId: doc.id });
    expect((await rowsOf([child.id])).get(child.id)).toMatchObject({ deletedRootId: child.id });
  });

  it("moves it to the end of the top level when its old parent is trashed", async () => {
    const { workspace, ctx } = await adminWorkspace();
    const parent = await buildDocument(database.db, workspace.id);
    const doc = await buildDocument(database.db, workspace.id, { parentId: parent.id });
    const last = await buildDocument(database.db, workspace.id);
    await trashDocument(ctx, { documentId: doc.id });
    await trashDocument(ctx, { documentId: parent.id });
    const restored = await restoreDocument(ctx, { documentId: doc.id });
    expect(restored.parentId).toBeNull();
    expect(restored.position > last.position).toBe(true);
  });

  it("moves it to the top level when its old parent was purged", async () => {
    const { workspace, ctx } = await adminWorkspace();
    const parent = await buildDocument(database.db, workspace.id);
    const doc = await buildDocument(database.db, workspace.id, { parentId: parent.id });
    await trashDocument(ctx, { documentId: doc.id });
    await trashDocument(ctx, { documentId: parent.id });
    await purgeDocument(ctx, { documentId: parent.id });
    expect(await restoreDocument(ctx, { documentId: doc.id })).toMatchObject({ parentId: null });
  });

  it("moves it to the end of its level when its old position was taken", async () => {
    const { workspace, ctx } = await adminWorkspace();
    const doc = await buildDocument(database.db, workspace.id);
    await trashDocument(ctx, { documentId: doc.id });
    const squatter = await buildDocument(database.db, workspace.id, { position: doc.position });
    const restored = await restoreDocument(ctx, { documentId: doc.id });
    expect(restored.position > squatter.position).toBe(true);
  });

  it("moves it to the top level when its old parent now sits too deep for its subtree", async () => {
    const { workspace, ctx } = await adminWorkspace();
    const doc = await buildDocument(database.db, workspace.id);
    await buildDocument(database.db, workspace.id, { parentId: doc.id });
    await trashDocument(ctx, { documentId: doc.id });
    let parentId: string | null = null;
    for (let level = 1; level < MAX_TREE_DEPTH; level++) {
      parentId = (await buildDocument(database.db, workspace.id, { parentId })).id;
    }
    await database.db.insert(documents).values({ id: "deepdocument", workspaceId: workspace.id, parentId, position: "a0" });
    // Re-hang the trashed document under the 25th level, as if its old parent had been moved there.
    await database.db.update(documents).set({ parentId: "deepdocument" }).where(eq(documents.id, doc.id));
    expect(await restoreDocument(ctx, { documentId: doc.id })).toMatchObject({ parentId: null });
  });

  it("answers not_found for a live document and for one trashed as part of another", async () => {
    const { workspace, ctx } = await adminWorkspace();
    const live = await buildDocument(database.db, workspace.id);
    const doc = await buildDocument(database.db, workspace.id);
    const child = await buildDocument(database.db, workspace.id, { parentId: doc.id });
    await trashDocument(ctx, { documentId: doc.id });
    for (const documentId of [live.id, child.id, "aaaaaaaaaaaa"]) {
      await expect(restoreDocument(ctx, { documentId })).rejects.toMatchObject({ code: "not_found", message: DOCUMENT_NOT_FOUND });
    }
  });

  it.each(["viewer", "commenter"] as const)("refuses a %s", async (role) => {
    const member = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: member, role }]);
    const doc = await buildDocument(database.db, workspace.id, { deletedAt: new Date() });
    await expect(restoreDocument(contextFor(database.db, member), { documentId: doc.id })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("answers not_found to a member of another workspace", async () => {
    const { workspace } = await adminWorkspace();
    const outsider = await buildUser(database.db);
    await buildWorkspace(database.db, [{ actor: outsider, role: "owner" }]);
    const doc = await buildDocument(database.db, workspace.id, { deletedAt: new Date() });
    await expect(restoreDocument(contextFor(database.db, outsider), { documentId: doc.id })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
