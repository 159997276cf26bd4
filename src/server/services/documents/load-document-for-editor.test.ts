import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { documents } from "@/server/db/schema";
import { DOCUMENT_NOT_FOUND } from "./find-document-for-member";
import { loadDocumentForEditor } from "./load-document-for-editor";
import { toggleFavorite } from "./toggle-favorite";
import { setDocumentFollow } from "@/server/services/notifications/set-document-follow";
import { trashDocument } from "./trash-document";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

describe("loadDocumentForEditor", () => {
  it("gives the body, abilities, the actor's own star and whether live children exist", async () => {
    const viewer = await buildUser(database.db);
    const editor = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [
      { actor: editor, role: "editor" },
      { actor: viewer, role: "viewer" },
    ]);
    const doc = await buildDocument(database.db, workspace.id, { title: "Plan" });
    await database.db.update(documents).set({ html: "<p>Hello</p>" }).where(eq(documents.id, doc.id));
    const child = await buildDocument(database.db, workspace.id, { parentId: doc.id });
    await toggleFavorite(contextFor(database.db, viewer), { documentId: doc.id });

    const asViewer = await loadDocumentForEditor(contextFor(database.db, viewer), doc.id);
    expect(asViewer).toMatchObject({ html: "<p>Hello</p>", isFavorite: true, hasChildren: true, doc: { id: doc.id, title: "Plan", actorRole: "viewer" } });
    expect(asViewer.abilities).toMatchObject({ read: true, update: false });
    // The star is the viewer's: the editor has none.
    const asEditor = await loadDocumentForEditor(contextFor(database.db, editor), doc.id);
    expect(asEditor).toMatchObject({ isFavorite: false, hasChildren: true });
    expect(asEditor.abilities).toMatchObject({ update: true });

    await trashDocument(contextFor(database.db, editor), { documentId: child.id });
    expect(await loadDocumentForEditor(contextFor(database.db, editor), doc.id)).toMatchObject({ hasChildren: false });
  });

  it("says whether the actor follows it: its creator until they unfollow, others once they follow", async () => {
    const creator = await buildUser(database.db);
    const reader = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [
      { actor: creator, role: "editor" },
      { actor: reader, role: "viewer" },
    ]);
    const doc = await buildDocument(database.db, workspace.id, { createdBy: creator.id });
    const following = async (actor: typeof creator) => (await loadDocumentForEditor(contextFor(database.db, actor), doc.id)).isFollowing;
    expect([await following(creator), await following(reader)]).toEqual([true, false]);
    await setDocumentFollow(contextFor(database.db, creator), { documentId: doc.id, following: false });
    await setDocumentFollow(contextFor(database.db, reader), { documentId: doc.id, following: true });
    expect([await following(creator), await following(reader)]).toEqual([false, true]);
  });

  it("answers the same not_found for trashed, another workspace's and unknown documents, and to another workspace's token", async () => {
    const member = await buildUser(database.db);
    const other = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: member, role: "editor" }]);
    const elsewhere = await buildWorkspace(database.db, [{ actor: other, role: "owner" }]);
    const trashed = await buildDocument(database.db, workspace.id, { deletedAt: new Date() });
    const foreign = await buildDocument(database.db, elsewhere.id);
    const live = await buildDocument(database.db, workspace.id);
    for (const documentId of [trashed.id, foreign.id, "aaaaaaaaaaaa"]) {
      await expect(loadDocumentForEditor(contextFor(database.db, member), documentId)).rejects.toMatchObject({ code: "not_found", message: DOCUMENT_NOT_FOUND });
    }
    const tokenForElsewhere = { ...contextFor(database.db, member), grant: { tokenId: "t", workspaceId: elsewhere.id, scope: "write" as const } };
    await expect(loadDocumentForEditor(tokenForElsewhere, live.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
