import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { buildShare } from "@test/share-factories";
import { shares } from "@/server/db/schema";
import { ALREADY_SHARED, createShare } from "./create-share";
import { isShareToken, newShareToken } from "@/server/services/sharing/internal/share-token";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

describe("newShareToken", () => {
  it("makes 32 URL-safe characters (192 random bits), different every time", () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newShareToken()));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(isShareToken(token)).toBe(true);
    }
  });

  it("is not a function of time or order: no two tokens share a long prefix", () => {
    const [a, b] = [newShareToken(), newShareToken()];
    expect(a.slice(0, 8)).not.toBe(b.slice(0, 8));
  });

  it("rejects values that can't be tokens", () => {
    for (const value of ["short", "a".repeat(21), "has space in it xxxxxxxxxxxx", "../../etc/passwd-xxxxxxxxxxx", "a".repeat(65)]) {
      expect(isShareToken(value)).toBe(false);
    }
  });
});

describe("createShare", () => {
  it("publishes a document with the options given and a fresh token, created by the actor", async () => {
    const editor = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: editor, role: "editor" }]);
    const doc = await buildDocument(database.db, workspace.id);

    const share = await createShare(contextFor(database.db, editor), { documentId: doc.id, includeChildren: true, allowIndexing: false });

    expect(share).toMatchObject({ documentId: doc.id, includeChildren: true, allowIndexing: false, createdBy: editor.id, revokedAt: null });
    expect(share.token.length).toBeGreaterThanOrEqual(22);
    expect(isShareToken(share.token)).toBe(true);
    const [row] = await database.db.select().from(shares).where(eq(shares.id, share.id));
    expect(row?.token).toBe(share.token);
  });

  it("refuses a second live link, and allows a new one after the first is revoked", async () => {
    const admin = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: admin, role: "admin" }]);
    const doc = await buildDocument(database.db, workspace.id);
    const ctx = contextFor(database.db, admin);
    await buildShare(database.db, doc.id, { revokedAt: new Date() });
    const first = await createShare(ctx, { documentId: doc.id, includeChildren: false, allowIndexing: false });
    await expect(createShare(ctx, { documentId: doc.id, includeChildren: false, allowIndexing: true })).rejects.toMatchObject({
      code: "conflict",
      message: ALREADY_SHARED,
    });
    await database.db.update(shares).set({ revokedAt: new Date() }).where(eq(shares.id, first.id));
    const second = await createShare(ctx, { documentId: doc.id, includeChildren: false, allowIndexing: true });
    expect(second.token).not.toBe(first.token);
  });

  it.each(["viewer", "commenter"] as const)("refuses a %s", async (role) => {
    const member = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: member, role }]);
    const doc = await buildDocument(database.db, workspace.id);
    await expect(
      createShare(contextFor(database.db, member), { documentId: doc.id, includeChildren: false, allowIndexing: false }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  it("answers not_found for another workspace's document and for a trashed one", async () => {
    const owner = await buildUser(database.db);
    const stranger = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    await buildWorkspace(database.db, [{ actor: stranger, role: "owner" }]);
    const doc = await buildDocument(database.db, workspace.id);
    const trashed = await buildDocument(database.db, workspace.id, { deletedAt: new Date() });
    const input = { includeChildren: false, allowIndexing: false };
    await expect(createShare(contextFor(database.db, stranger), { documentId: doc.id, ...input })).rejects.toMatchObject({ code: "not_found" });
    await expect(createShare(contextFor(database.db, owner), { documentId: trashed.id, ...input })).rejects.toMatchObject({ code: "not_found" });
  });
});
