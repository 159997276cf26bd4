import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { buildShare } from "@test/share-factories";
import { shares } from "@/server/db/schema";
import { resolveShare } from "./resolve-share";
import { revokeShare } from "./revoke-share";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

async function setUp() {
  const [admin, editor, otherEditor, commenter, stranger] = await Promise.all(Array.from({ length: 5 }, () => buildUser(database.db)));
  if (!admin || !editor || !otherEditor || !commenter || !stranger) throw new Error("no users");
  const workspace = await buildWorkspace(database.db, [
    { actor: admin, role: "admin" },
    { actor: editor, role: "editor" },
    { actor: otherEditor, role: "editor" },
    { actor: commenter, role: "commenter" },
  ]);
  await buildWorkspace(database.db, [{ actor: stranger, role: "owner" }]);
  const doc = await buildDocument(database.db, workspace.id);
  const share = await buildShare(database.db, doc.id, { createdBy: editor.id });
  return { admin, editor, otherEditor, commenter, stranger, doc, share };
}

describe("revokeShare", () => {
  it("lets the creator revoke their link; it stops resolving and can't be revoked twice", async () => {
    const { editor, share } = await setUp();
    await expect(resolveShare({ db: database.db }, { token: share.token })).resolves.toBeDefined();
    const revoked = await revokeShare(contextFor(database.db, editor), { shareId: share.id });
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    await expect(resolveShare({ db: database.db }, { token: share.token })).rejects.toMatchObject({ code: "not_found" });
    await expect(revokeShare(contextFor(database.db, editor), { shareId: share.id })).rejects.toMatchObject({ code: "not_found" });
  });

  it("lets an admin revoke any link", async () => {
    const { admin, share } = await setUp();
    await revokeShare(contextFor(database.db, admin), { shareId: share.id });
    const [row] = await database.db.select().from(shares).where(eq(shares.id, share.id));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it("refuses another editor and a commenter", async () => {
    const { otherEditor, commenter, share } = await setUp();
    for (const actor of [otherEditor, commenter]) {
      await expect(revokeShare(contextFor(database.db, actor), { shareId: share.id })).rejects.toMatchObject({ code: "forbidden" });
    }
  });

  it("answers not_found to a member of another workspace", async () => {
    const { stranger, share } = await setUp();
    await expect(revokeShare(contextFor(database.db, stranger), { shareId: share.id })).rejects.toMatchObject({ code: "not_found" });
  });
});
