import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { MAX_TREE_DEPTH } from "@/shared/editor-rules";
import { documents } from "@/server/db/schema";
import { createDocument } from "./create-document";
import { TOO_DEEP } from "@/server/services/documents/internal/document-tree";
import { DOCUMENT_NOT_FOUND } from "./find-document-for-member";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

async function editorWorkspace() {
  const editor = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor: editor, role: "editor" }]);
  return { editor, workspace, ctx: contextFor(database.db, editor) };
}

describe("createDocument", () => {
  it("appends each new document after its siblings, with a fresh id and the actor as author", async () => {
    const { editor, workspace, ctx } = await editorWorkspace();
    const first = await createDocument(ctx, { workspaceId: workspace.id, title: "First" });
    const second = await createDocument(ctx, { workspaceId: workspace.id });
    expect(first.id).toMatch(/^[a-z0-9]{12}$/);
    expect(second).toMatchObject({ parentId: null, title: "" });
    expect(second.position > first.position).toBe(true);
    const [row] = await database.db.select().from(documents).where(eq(documents.id, first.id));
    expect(row).toMatchObject({ createdBy: editor.id, updatedBy: editor.id, workspaceId: workspace.id });
  });

  it("starts with a sanitised body when given one, stored as Yjs state with its derived columns", async () => {
    const { workspace, ctx } = await editorWorkspace();
    const body = { ops: [{ insert: "Hi " }, { insert: "there", attributes: { bold: true, link: "javascript:alert(1)" } }, { insert: "\n" }] };
    const doc = await createDocument(ctx, { workspaceId: workspace.id, title: "With body" }, { body });
    const [row] = await database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row?.text).toBe("Hi there\n");
    expect(row?.content.ops[1]).toEqual({ insert: "there", attributes: { bold: true, link: "about:blank" } });
    expect(row?.ydoc?.byteLength).toBeGreaterThan(0);
    expect(row?.html).toContain("<strong>");
  });

  it("refuses a body over the limit with too_large and creates nothing", async () => {
    const { workspace, ctx } = await editorWorkspace();
    const body = { ops: [{ insert: `${"x".repeat(1_000_001)}\n` }] };
    await expect(createDocument(ctx, { workspaceId: workspace.id, title: "Huge" }, { body })).rejects.toMatchObject({ code: "too_large" });
    const rows = await database.db.select().from(documents).where(eq(documents.workspaceId, workspace.id));
    expect(rows).toHaveLength(0);
  });

  it("gives simultaneous creations distinct positions", async () => {
    const { workspace, ctx } = await editorWorkspace();
    const created = await Promise.all([1, 2, 3, 4].map(() => createDocument(ctx, { workspaceId: workspace.id })));
    expect(new Set(created.map((d) => d.position)).size).toBe(4);
  });

  it("appends under a parent after the parent's existing children", async () => {
    const { workspace, ctx } = await editorWorkspace();
    const parent = await buildDocument(database.db, workspace.id);
    const older = await buildDocument(database.db, workspace.id, { parentId: parent.id });
    const child = await createDocument(ctx, { workspaceId: workspace.id, parentId: parent.id, title: "Child" });
    expect(child.parentId).toBe(parent.id);
    expect(child.position > older.position).toBe(true);
  });

  it.each(["viewer", "commenter"] as const)("refuses a %s", async (role) => {
    const member = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: member, role }]);
    await expect(createDocument(contextFor(database.db, member), { workspaceId: workspace.id })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("answers not_found to a non-member", async () => {
    const { workspace } = await editorWorkspace();
    const stranger = await buildUser(database.db);
    await expect(createDocument(contextFor(database.db, stranger), { workspaceId: workspace.id })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("refuses a parent in another workspace, a trashed parent and an unknown one alike", async () => {
    const { editor, workspace, ctx } = await editorWorkspace();
    const elsewhere = await buildWorkspace(database.db, [{ actor: editor, role: "owner" }]);
    const foreign = await buildDocument(database.db, elsewhere.id);
    const trashed = await buildDocument(database.db, workspace.id, { deletedAt: new Date() });
    for (const parentId of [foreign.id, trashed.id, "aaaaaaaaaaaa"]) {
      await expect(createDocument(ctx, { workspaceId: workspace.id, parentId })).rejects.toMatchObject({
        code: "not_found",
        message: DOCUMENT_NOT_FOUND,
      });
    }
    expect(await database.db.select().from(documents).where(eq(documents.workspaceId, workspace.id))).toHaveLength(1);
  });

  it(`allows ${MAX_TREE_DEPTH} levels and refuses the next one`, async () => {
    const { workspace, ctx } = await editorWorkspace();
    let parentId: string | null = null;
    for (let level = 1; level < MAX_TREE_DEPTH; level++) {
      parentId = (await buildDocument(database.db, workspace.id, { parentId })).id;
    }
    const deepest = await createDocument(ctx, { workspaceId: workspace.id, parentId });
    await expect(createDocument(ctx, { workspaceId: workspace.id, parentId: deepest.id })).rejects.toMatchObject({
      code: "conflict",
      message: TOO_DEEP,
    });
  });
});
