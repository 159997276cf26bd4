import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { users } from "@/server/db/schema";
import { listTrash } from "./list-trash";
import { trashDocument } from "./trash-document";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

describe("listTrash", () => {
  it("lists trashed roots, newest first, with who trashed them and how many went with each", async () => {
    const editor = await buildUser(database.db, { name: "Grace Hopper" });
    const viewer = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [
      { actor: editor, role: "editor" },
      { actor: viewer, role: "viewer" },
    ]);
    const ctx = contextFor(database.db, editor);
    const first = await buildDocument(database.db, workspace.id, { title: "First", deletedAt: new Date("2026-01-01") });
    const doc = await buildDocument(database.db, workspace.id, { title: "Doc" });
    const child = await buildDocument(database.db, workspace.id, { parentId: doc.id });
    await buildDocument(database.db, workspace.id, { parentId: child.id });
    await buildDocument(database.db, workspace.id, { title: "Live" });
    const trashed = await trashDocument(ctx, { documentId: doc.id });

    const trash = await listTrash(contextFor(database.db, viewer), workspace.id);

    expect(trash).toEqual([
      {
        id: doc.id,
        workspaceId: workspace.id,
        parentId: null,
        title: "Doc",
        deletedAt: trashed.deletedAt,
        deletedByName: "Grace Hopper",
        descendantCount: 2,
        actorRole: "viewer",
      },
      expect.objectContaining({ id: first.id, descendantCount: 0 }),
    ]);
  });

  it("shows no name once the user who trashed it is gone", async () => {
    const owner = await buildUser(database.db);
    const leaver = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [
      { actor: owner, role: "owner" },
      { actor: leaver, role: "editor" },
    ]);
    const doc = await buildDocument(database.db, workspace.id);
    await trashDocument(contextFor(database.db, leaver), { documentId: doc.id });
    await database.db.delete(users).where(eq(users.id, leaver.id));
    expect(await listTrash(contextFor(database.db, owner), workspace.id)).toMatchObject([{ id: doc.id, deletedByName: null }]);
  });

  it("answers not_found to a non-member", async () => {
    const owner = await buildUser(database.db);
    const stranger = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    await expect(listTrash(contextFor(database.db, stranger), workspace.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
