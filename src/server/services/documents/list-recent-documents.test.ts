import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { listRecentDocuments } from "./list-recent-documents";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

describe("listRecentDocuments", () => {
  it("lists live documents most recently updated first, ten by default", async () => {
    const viewer = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: viewer, role: "viewer" }]);
    for (let day = 1; day <= 12; day++) {
      await buildDocument(database.db, workspace.id, { title: `Day ${day}`, updatedAt: new Date(Date.UTC(2026, 0, day)) });
    }
    await buildDocument(database.db, workspace.id, { title: "Trashed", updatedAt: new Date(Date.UTC(2026, 1, 1)), deletedAt: new Date() });
    const ctx = contextFor(database.db, viewer);

    const recent = await listRecentDocuments(ctx, workspace.id);
    expect(recent.map((d) => d.title)).toEqual(["Day 12", "Day 11", "Day 10", "Day 9", "Day 8", "Day 7", "Day 6", "Day 5", "Day 4", "Day 3"]);
    expect((await listRecentDocuments(ctx, workspace.id, 2)).map((d) => d.title)).toEqual(["Day 12", "Day 11"]);
  });

  it("answers not_found to a non-member", async () => {
    const owner = await buildUser(database.db);
    const stranger = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    await expect(listRecentDocuments(contextFor(database.db, stranger), workspace.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
