import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { documents } from "@/server/db/schema";
import { DOCUMENT_NOT_FOUND } from "./find-document-for-member";
import { trashDocument } from "./trash-document";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

async function rowsOf(ids: string[]) {
  const rows = await database.db.select().from(documents).where(inArray(documents.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

describe("trashDocument", () => {
  it("trashes the document and every live descendant with one timestamp and it as their root", async () => {
    const editor = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: editor, role: "editor" }]);
    const parent = await buildDocument(database.db, workspace.id);
    const doc = await buildDocument(database.db, workspace.id, { parentId: parent.id, updatedAt: new Date("2026-01-01") });
    const child = await buildDocument(database.db, workspace.id, { parentId: doc.id });
    const grandchild = await buildDocument(database.db, workspace.id, { parentId: child.id });
    const sibling = await buildDocument(database.db, workspace.id, { parentId: parent.id });

    const result = await trashDocument(contextFor(database.db, editor), { documentId: doc.id });

    expect(result).toMatchObject({ documentId: doc.id, workspaceId: workspace.id, trashedCount: 3 });
    const rows = await rowsOf([parent.id, doc.id, child.id, grandchild.id, sibling.id]);
    for (const id of [doc.id, child.id, grandchild.id]) {
      expect(rows.get(id)).toMatchObject({ deletedAt: result.deletedAt, deletedBy: editor.id, deletedRootId: doc.id });
    }
    for (const id of [parent.id, sibling.id]) expect(rows.get(id)?.deletedAt).toBeNull();
    // Trashing is not an edit.
    expect(rows.get(doc.id)?.updatedAt).toEqual(new Date("2026-01-01"));
  });

  it("leaves a descendant trashed earlier as its own trash entry", async () => {
    const editor = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: editor, role: "editor" }]);
    const doc = await buildDocument(database.db, workspace.id);
    const earlier = new Date("2026-02-01");
    const child = await buildDocument(database.db, workspace.id, { parentId: doc.id, deletedAt: earlier });
    const result = await trashDocument(contextFor(database.db, editor), { documentId: doc.id });
    expect(result.trashedCount).toBe(1);
    expect((await rowsOf([child.id])).get(child.id)).toMatchObject({ deletedAt: earlier, deletedRootId: child.id });
  });

  it.each(["viewer", "commenter"] as const)("refuses a %s", async (role) => {
    const member = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: member, role }]);
    const doc = await buildDocument(database.db, workspace.id);
    await expect(trashDocument(contextFor(database.db, member), { documentId: doc.id })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("answers not_found alike for trashed, another workspace's and unknown documents", async () => {
    const editor = await buildUser(database.db);
    const other = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: editor, role: "editor" }]);
    const elsewhere = await buildWorkspace(database.db, [{ actor: other, role: "owner" }]);
    const trashed = await buildDocument(database.db, workspace.id, { deletedAt: new Date() });
    const foreign = await buildDocument(database.db, elsewhere.id);
    for (const documentId of [trashed.id, foreign.id, "aaaaaaaaaaaa"]) {
      await expect(trashDocument(contextFor(database.db, editor), { documentId })).rejects.toMatchObject({
        code: "not_found",
        message: DOCUMENT_NOT_FOUND,
      });
    }
    const [row] = await database.db.select().from(documents).where(eq(documents.id, foreign.id));
    expect(row?.deletedAt).toBeNull();
  });
});
