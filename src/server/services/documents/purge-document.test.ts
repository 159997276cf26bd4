import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { documents, favorites } from "@/server/db/schema";
import { DOCUMENT_NOT_FOUND } from "./find-document-for-member";
import { purgeDocument } from "./purge-document";
import { trashDocument } from "./trash-document";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

async function idsLeft(ids: string[]) {
  const rows = await database.db.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids));
  return rows.map((r) => r.id).sort();
}

describe("purgeDocument", () => {
  it.each(["admin", "owner"] as const)("lets an %s delete a trashed root and everything trashed with it", async (role) => {
    const member = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: member, role }]);
    const ctx = contextFor(database.db, member);
    const doc = await buildDocument(database.db, workspace.id);
    const child = await buildDocument(database.db, workspace.id, { parentId: doc.id });
    const grandchild = await buildDocument(database.db, workspace.id, { parentId: child.id });
    const bystander = await buildDocument(database.db, workspace.id);
    await database.db.insert(favorites).values({ userId: member.id, documentId: child.id });
    await trashDocument(ctx, { documentId: doc.id });

    const result = await purgeDocument(ctx, { documentId: doc.id });

    expect(result).toEqual({ documentId: doc.id, workspaceId: workspace.id, purgedCount: 3 });
    expect(await idsLeft([doc.id, child.id, grandchild.id, bystander.id])).toEqual([bystander.id]);
    expect(await database.db.select().from(favorites).where(eq(favorites.userId, member.id))).toEqual([]);
  });

  it("spares a sub-document trashed on its own, lifting it to the top level", async () => {
    const admin = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: admin, role: "admin" }]);
    const ctx = contextFor(database.db, admin);
    const doc = await buildDocument(database.db, workspace.id);
    const child = await buildDocument(database.db, workspace.id, { parentId: doc.id });
    const separate = await buildDocument(database.db, workspace.id, { parentId: child.id });
    const separateChild = await buildDocument(database.db, workspace.id, { parentId: separate.id });
    await trashDocument(ctx, { documentId: separate.id });
    await trashDocument(ctx, { documentId: doc.id });

    expect((await purgeDocument(ctx, { documentId: doc.id })).purgedCount).toBe(2);

    expect(await idsLeft([doc.id, child.id, separate.id, separateChild.id])).toEqual([separate.id, separateChild.id].sort());
    const [row] = await database.db.select().from(documents).where(eq(documents.id, separate.id));
    expect(row).toMatchObject({ parentId: null, deletedRootId: separate.id });
  });

  it.each(["editor", "commenter", "viewer"] as const)("refuses an %s", async (role) => {
    const member = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: member, role }]);
    const doc = await buildDocument(database.db, workspace.id, { deletedAt: new Date() });
    await expect(purgeDocument(contextFor(database.db, member), { documentId: doc.id })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await idsLeft([doc.id])).toEqual([doc.id]);
  });

  it("answers not_found for a live document, one trashed with another, and another workspace's", async () => {
    const admin = await buildUser(database.db);
    const other = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: admin, role: "admin" }]);
    const elsewhere = await buildWorkspace(database.db, [{ actor: other, role: "owner" }]);
    const ctx = contextFor(database.db, admin);
    const live = await buildDocument(database.db, workspace.id);
    const doc = await buildDocument(database.db, workspace.id);
    const child = await buildDocument(database.db, workspace.id, { parentId: doc.id });
    const foreign = await buildDocument(database.db, elsewhere.id, { deletedAt: new Date() });
    await trashDocument(ctx, { documentId: doc.id });
    for (const documentId of [live.id, child.id, foreign.id]) {
      await expect(purgeDocument(ctx, { documentId })).rejects.toMatchObject({ code: "not_found", message: DOCUMENT_NOT_FOUND });
    }
    expect(await idsLeft([live.id, child.id, foreign.id])).toHaveLength(3);
  });
});
