import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { listFavorites } from "./list-favorites";
import { toggleFavorite } from "./toggle-favorite";
import { trashDocument } from "./trash-document";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

describe("listFavorites", () => {
  it("lists the actor's starred live documents of this workspace, in the order starred", async () => {
    const ada = await buildUser(database.db);
    const bob = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [
      { actor: ada, role: "editor" },
      { actor: bob, role: "editor" },
    ]);
    const elsewhere = await buildWorkspace(database.db, [{ actor: ada, role: "owner" }]);
    const ctx = contextFor(database.db, ada);
    const second = await buildDocument(database.db, workspace.id, { title: "Second" });
    const first = await buildDocument(database.db, workspace.id, { title: "First" });
    const trashed = await buildDocument(database.db, workspace.id, { title: "Trashed" });
    const bobs = await buildDocument(database.db, workspace.id, { title: "Bob's" });
    const other = await buildDocument(database.db, elsewhere.id, { title: "Other workspace" });
    for (const doc of [first, second, trashed, other]) await toggleFavorite(ctx, { documentId: doc.id });
    await toggleFavorite(contextFor(database.db, bob), { documentId: bobs.id });
    await trashDocument(ctx, { documentId: trashed.id });

    const list = await listFavorites(ctx, workspace.id);

    expect(list.map((d) => d.title)).toEqual(["First", "Second"]);
    expect(list[0]).toMatchObject({ id: first.id, workspaceId: workspace.id, parentId: null });
  });

  it("answers not_found to a non-member", async () => {
    const owner = await buildUser(database.db);
    const stranger = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    await expect(listFavorites(contextFor(database.db, stranger), workspace.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
