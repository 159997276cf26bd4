import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { favorites } from "@/server/db/schema";
import { DOCUMENT_NOT_FOUND } from "./find-document-for-member";
import { toggleFavorite } from "./toggle-favorite";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

describe("toggleFavorite", () => {
  it("stars and unstars a document for the actor only, viewers included", async () => {
    const viewer = await buildUser(database.db);
    const owner = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [
      { actor: owner, role: "owner" },
      { actor: viewer, role: "viewer" },
    ]);
    const doc = await buildDocument(database.db, workspace.id);
    const ctx = contextFor(database.db, viewer);
    const starredBy = async (userId: string) =>
      (await database.db.select().from(favorites).where(and(eq(favorites.userId, userId), eq(favorites.documentId, doc.id)))).length;

    expect(await toggleFavorite(ctx, { documentId: doc.id })).toEqual({ documentId: doc.id, workspaceId: workspace.id, isFavorite: true });
    expect([await starredBy(viewer.id), await starredBy(owner.id)]).toEqual([1, 0]);
    expect(await toggleFavorite(ctx, { documentId: doc.id })).toMatchObject({ isFavorite: false });
    expect(await starredBy(viewer.id)).toBe(0);
  });

  it("answers not_found alike for trashed, another workspace's and unknown documents", async () => {
    const member = await buildUser(database.db);
    const other = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: member, role: "editor" }]);
    const elsewhere = await buildWorkspace(database.db, [{ actor: other, role: "owner" }]);
    const trashed = await buildDocument(database.db, workspace.id, { deletedAt: new Date() });
    const foreign = await buildDocument(database.db, elsewhere.id);
    for (const documentId of [trashed.id, foreign.id, "aaaaaaaaaaaa"]) {
      await expect(toggleFavorite(contextFor(database.db, member), { documentId })).rejects.toMatchObject({
        code: "not_found",
        message: DOCUMENT_NOT_FOUND,
      });
    }
  });
});
