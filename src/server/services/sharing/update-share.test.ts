import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { buildShare } from "@test/share-factories";
import { updateShare } from "./update-share";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

async function setUp() {
  const [owner, admin, editor, otherEditor, viewer, stranger] = await Promise.all(
    Array.from({ length: 6 }, () => buildUser(database.db)),
  );
  if (!owner || !admin || !editor || !otherEditor || !viewer || !stranger) throw new Error("no users");
  const workspace = await buildWorkspace(database.db, [
    { actor: owner, role: "owner" },
    { actor: admin, role: "admin" },
    { actor: editor, role: "editor" },
    { actor: otherEditor, role: "editor" },
    { actor: viewer, role: "viewer" },
  ]);
  await buildWorkspace(database.db, [{ actor: stranger, role: "owner" }]);
  const doc = await buildDocument(database.db, workspace.id);
  const share = await buildShare(database.db, doc.id, { createdBy: editor.id });
  return { owner, admin, editor, otherEditor, viewer, stranger, doc, share };
}

describe("updateShare", () => {
  it("changes only the options given, for the link's creator", async () => {
    const { editor, share } = await setUp();
    const ctx = contextFor(database.db, editor);
    expect(await updateShare(ctx, { shareId: share.id, allowIndexing: true })).toMatchObject({ includeChildren: false, allowIndexing: true });
    expect(await updateShare(ctx, { shareId: share.id, includeChildren: true })).toMatchObject({ includeChildren: true, allowIndexing: true });
  });

  it("lets an admin change anyone's link", async () => {
    const { admin, share } = await setUp();
    expect(await updateShare(contextFor(database.db, admin), { shareId: share.id, includeChildren: true })).toMatchObject({
      includeChildren: true,
    });
  });

  it("refuses another editor and a viewer", async () => {
    const { otherEditor, viewer, share } = await setUp();
    for (const actor of [otherEditor, viewer]) {
      await expect(updateShare(contextFor(database.db, actor), { shareId: share.id, allowIndexing: true })).rejects.toMatchObject({
        code: "forbidden",
      });
    }
  });

  it("answers not_found to another workspace's member, for a revoked link and an unknown id", async () => {
    const { owner, stranger, doc, share } = await setUp();
    await expect(updateShare(contextFor(database.db, stranger), { shareId: share.id, allowIndexing: true })).rejects.toMatchObject({
      code: "not_found",
    });
    const revoked = await buildShare(database.db, doc.id, { revokedAt: new Date() });
    await expect(updateShare(contextFor(database.db, owner), { shareId: revoked.id, allowIndexing: true })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      updateShare(contextFor(database.db, owner), { shareId: crypto.randomUUID(), allowIndexing: true }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
