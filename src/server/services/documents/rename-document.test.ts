import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { documents } from "@/server/db/schema";
import { DOCUMENT_NOT_FOUND } from "./find-document-for-member";
import { renameDocument } from "./rename-document";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

describe("renameDocument", () => {
  it("stores the title and who changed it", async () => {
    const owner = await buildUser(database.db);
    const editor = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [
      { actor: owner, role: "owner" },
      { actor: editor, role: "editor" },
    ]);
    const doc = await buildDocument(database.db, workspace.id, { createdBy: owner.id, updatedAt: new Date("2026-01-01") });
    const renamed = await renameDocument(contextFor(database.db, editor), { documentId: doc.id, title: "Roadmap" });
    expect(renamed).toMatchObject({ id: doc.id, title: "Roadmap" });
    expect(renamed.updatedAt.getTime()).toBeGreaterThan(doc.updatedAt.getTime());
    const [row] = await database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({ title: "Roadmap", updatedBy: editor.id, createdBy: owner.id });
  });

  it("accepts an empty title", async () => {
    const editor = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: editor, role: "editor" }]);
    const doc = await buildDocument(database.db, workspace.id, { title: "Old" });
    expect(await renameDocument(contextFor(database.db, editor), { documentId: doc.id, title: "" })).toMatchObject({ title: "" });
  });

  // A title kept on a device while offline names the title it was typed over: it must not overwrite a rename made meanwhile.
  it("with ifTitleIs, renames only while the title is still that one (or already the new one)", async () => {
    const editor = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: editor, role: "editor" }]);
    const doc = await buildDocument(database.db, workspace.id, { title: "Original" });
    const ctx = contextFor(database.db, editor);
    expect(await renameDocument(ctx, { documentId: doc.id, title: "Mine, offline", ifTitleIs: "Original" })).toMatchObject({ title: "Mine, offline" });
    // The same save again (its first answer was lost): still the new title, not a conflict.
    expect(await renameDocument(ctx, { documentId: doc.id, title: "Mine, offline", ifTitleIs: "Original" })).toMatchObject({ title: "Mine, offline" });
    await renameDocument(ctx, { documentId: doc.id, title: "Theirs" });
    expect(await renameDocument(ctx, { documentId: doc.id, title: "Mine again", ifTitleIs: "Mine, offline" })).toMatchObject({ id: doc.id, title: "Theirs" });
    const [row] = await database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row?.title).toBe("Theirs");
  });

  it.each(["viewer", "commenter"] as const)("refuses a %s", async (role) => {
    const member = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: member, role }]);
    const doc = await buildDocument(database.db, workspace.id, { title: "Kept" });
    await expect(renameDocument(contextFor(database.db, member), { documentId: doc.id, title: "x" })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("answers not_found alike for another workspace's, trashed and unknown documents", async () => {
    const editor = await buildUser(database.db);
    const other = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: editor, role: "editor" }]);
    const elsewhere = await buildWorkspace(database.db, [{ actor: other, role: "owner" }]);
    const foreign = await buildDocument(database.db, elsewhere.id);
    const trashed = await buildDocument(database.db, workspace.id, { deletedAt: new Date() });
    for (const documentId of [foreign.id, trashed.id, "aaaaaaaaaaaa"]) {
      await expect(renameDocument(contextFor(database.db, editor), { documentId, title: "x" })).rejects.toMatchObject({
        code: "not_found",
        message: DOCUMENT_NOT_FOUND,
      });
    }
  });
});
