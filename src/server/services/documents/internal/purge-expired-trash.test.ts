import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace } from "@test/factories";
import { documents } from "@/server/db/schema";
import { purgeExpiredTrash } from "./purge-expired-trash";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

const DAY = 24 * 60 * 60 * 1000;

describe("purgeExpiredTrash", () => {
  it("deletes what was trashed more than 30 days ago, with its descendants, and nothing else", async () => {
    const owner = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const now = new Date("2026-06-30T12:00:00Z");
    const expiredAt = new Date(now.getTime() - 30 * DAY - 1000);
    const expired = await buildDocument(database.db, workspace.id, { deletedAt: expiredAt });
    const expiredChild = await buildDocument(database.db, workspace.id, {
      parentId: expired.id,
      deletedAt: expiredAt,
      deletedRootId: expired.id,
    });
    const recent = await buildDocument(database.db, workspace.id, { deletedAt: new Date(now.getTime() - 29 * DAY) });
    const live = await buildDocument(database.db, workspace.id, { updatedAt: new Date(now.getTime() - 90 * DAY) });

    expect(await purgeExpiredTrash(database.db, now)).toBe(1);

    const ids = [expired.id, expiredChild.id, recent.id, live.id];
    const left = await database.db.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids));
    expect(left.map((r) => r.id).sort()).toEqual([recent.id, live.id].sort());
  });
});
