import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { listDocumentTree } from "./list-document-tree";
import { trashDocument } from "./trash-document";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

describe("listDocumentTree", () => {
  it("lists every live document, top level first, siblings in order", async () => {
    const viewer = await buildUser(database.db);
    const editor = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [
      { actor: editor, role: "editor" },
      { actor: viewer, role: "viewer" },
    ]);
    const b = await buildDocument(database.db, workspace.id, { title: "B", position: "a2" });
    const a = await buildDocument(database.db, workspace.id, { title: "A", position: "a1" });
    // "Z" < "a" byte-wise: positions must not sort case-insensitively.
    const b2 = await buildDocument(database.db, workspace.id, { parentId: b.id, title: "B2", position: "a1" });
    const b1 = await buildDocument(database.db, workspace.id, { parentId: b.id, title: "B1", position: "Zz" });
    const gone = await buildDocument(database.db, workspace.id, { parentId: a.id, title: "Gone" });
    await buildDocument(database.db, workspace.id, { parentId: gone.id, title: "Gone too" });
    await trashDocument(contextFor(database.db, editor), { documentId: gone.id });
    const other = await buildUser(database.db);
    const elsewhere = await buildWorkspace(database.db, [{ actor: other, role: "owner" }]);
    await buildDocument(database.db, elsewhere.id, { title: "Elsewhere" });

    const tree = await listDocumentTree(contextFor(database.db, viewer), workspace.id);

    expect(tree).toEqual([
      { id: a.id, parentId: null, position: "a1", title: "A" },
      { id: b.id, parentId: null, position: "a2", title: "B" },
      { id: b1.id, parentId: b.id, position: "Zz", title: "B1" },
      { id: b2.id, parentId: b.id, position: "a1", title: "B2" },
    ]);
  });

  it("answers not_found to a non-member", async () => {
    const owner = await buildUser(database.db);
    const stranger = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    await buildDocument(database.db, workspace.id);
    await expect(listDocumentTree(contextFor(database.db, stranger), workspace.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("gives a member of an empty workspace an empty tree, and another workspace's token not_found", async () => {
    const owner = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const elsewhere = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    expect(await listDocumentTree(contextFor(database.db, owner), workspace.id)).toEqual([]);
    const scoped = { ...contextFor(database.db, owner), grant: { tokenId: "t", workspaceId: elsewhere.id, scope: "read" as const } };
    await expect(listDocumentTree(scoped, workspace.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await listDocumentTree({ ...scoped, grant: { ...scoped.grant, workspaceId: workspace.id } }, workspace.id)).toEqual([]);
  });
});
