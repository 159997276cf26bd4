import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { buildShare } from "@test/share-factories";
import { loadShareSettings } from "./load-share-settings";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

describe("loadShareSettings", () => {
  it("lists every member with their role, the live link and what the actor may do", async () => {
    const owner = await buildUser(database.db, { name: "Olive Owner" });
    const editor = await buildUser(database.db, { name: "Eddie Editor" });
    const viewer = await buildUser(database.db, { name: "Vera Viewer" });
    const workspace = await buildWorkspace(database.db, [
      { actor: owner, role: "owner" },
      { actor: editor, role: "editor" },
      { actor: viewer, role: "viewer" },
    ]);
    const doc = await buildDocument(database.db, workspace.id);
    await buildShare(database.db, doc.id, { createdBy: editor.id, revokedAt: new Date() });
    const live = await buildShare(database.db, doc.id, { createdBy: editor.id, includeChildren: true });

    const asViewer = await loadShareSettings(contextFor(database.db, viewer), doc.id);
    expect(asViewer.members.map((m) => [m.name, m.role])).toEqual([
      ["Olive Owner", "owner"],
      ["Eddie Editor", "editor"],
      ["Vera Viewer", "viewer"],
    ]);
    expect(asViewer.canPublish).toBe(false);
    expect(asViewer.share).toMatchObject({ id: live.id, includeChildren: true, createdByName: "Eddie Editor", abilities: { update: false, revoke: false } });

    const asEditor = await loadShareSettings(contextFor(database.db, editor), doc.id);
    expect(asEditor.canPublish).toBe(true);
    expect(asEditor.share?.abilities).toEqual({ read: true, update: true, revoke: true });
  });

  it("answers not_found to a member of another workspace", async () => {
    const owner = await buildUser(database.db);
    const stranger = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    await buildWorkspace(database.db, [{ actor: stranger, role: "owner" }]);
    const doc = await buildDocument(database.db, workspace.id);
    await expect(loadShareSettings(contextFor(database.db, stranger), doc.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
