import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { memberships } from "@/server/db/schema";
import { createWorkspace } from "./create-workspace";
import { findWorkspaceForMember } from "./find-workspace-for-member";
import { listMembers } from "./list-members";
import { listWorkspacesForUser } from "./list-workspaces-for-user";
import { recordWorkspaceVisit } from "./record-workspace-visit";
import { findMovedWorkspace } from "./find-moved-workspace";
import { updateWorkspace } from "./update-workspace";
import { withTestDatabase } from "@test/test-database-hooks";
import { expectAppError } from "@test/app-errors";

const database = withTestDatabase();

describe("createWorkspace", () => {
  it("makes the actor its owner", async () => {
    const ada = await buildUser(database.db);
    const workspace = await createWorkspace(contextFor(database.db, ada), { name: "Research", slug: "research-lab" });
    const rows = await database.db.select().from(memberships).where(eq(memberships.workspaceId, workspace.id));
    expect(rows).toMatchObject([{ userId: ada.id, role: "owner" }]);
  });

  it("refuses a taken slug with a field message and creates nothing", async () => {
    const ada = await buildUser(database.db);
    const bob = await buildUser(database.db);
    await createWorkspace(contextFor(database.db, ada), { name: "Taken", slug: "taken-slug" });
    const error = await expectAppError(
      createWorkspace(contextFor(database.db, bob), { name: "Mine", slug: "taken-slug" }),
      "validation_failed",
    );
    expect(error.fields?.slug).toMatch(/taken/);
    expect(await listWorkspacesForUser(contextFor(database.db, bob))).toEqual([]);
  });
});

describe("findWorkspaceForMember", () => {
  it("finds the workspace with the member's role by slug or id", async () => {
    const ada = await buildUser(database.db);
    const ws = await buildWorkspace(database.db, [{ actor: ada, role: "editor" }]);
    const ctx = contextFor(database.db, ada);
    expect(await findWorkspaceForMember(ctx, { slug: ws.slug })).toMatchObject({ id: ws.id, role: "editor" });
    expect(await findWorkspaceForMember(ctx, { id: ws.id })).toMatchObject({ slug: ws.slug });
  });

  it("answers not_found to a non-member exactly as for a missing workspace", async () => {
    const owner = await buildUser(database.db);
    const stranger = await buildUser(database.db);
    const ws = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const hidden = await expectAppError(findWorkspaceForMember(contextFor(database.db, stranger), { slug: ws.slug }), "not_found");
    const missing = await expectAppError(findWorkspaceForMember(contextFor(database.db, stranger), { slug: "no-such" }), "not_found");
    expect(hidden.message).toBe(missing.message);
  });
});

describe("updateWorkspace", () => {
  it("lets the owner rename", async () => {
    const owner = await buildUser(database.db);
    const ws = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const renamed = await updateWorkspace(contextFor(database.db, owner), { workspaceId: ws.id, name: "New name", slug: ws.slug });
    expect(renamed).toMatchObject({ name: "New name", slug: ws.slug, previousSlug: ws.slug });
    expect(await findMovedWorkspace(contextFor(database.db, owner), ws.slug)).toBeNull();
  });

  it("moves the address, keeping the old one as a redirect for members only", async () => {
    const owner = await buildUser(database.db);
    const member = await buildUser(database.db);
    const outsider = await buildUser(database.db);
    const ws = await buildWorkspace(database.db, [
      { actor: owner, role: "owner" },
      { actor: member, role: "viewer" },
    ]);
    const moved = await updateWorkspace(contextFor(database.db, owner), { workspaceId: ws.id, name: ws.name, slug: `${ws.slug}-moved` });
    expect(moved.slug).toBe(`${ws.slug}-moved`);
    expect(await findMovedWorkspace(contextFor(database.db, member), ws.slug)).toBe(`${ws.slug}-moved`);
    expect(await findMovedWorkspace(contextFor(database.db, outsider), ws.slug)).toBeNull();
    // Moving again keeps every old address pointing at the current one.
    await updateWorkspace(contextFor(database.db, owner), { workspaceId: ws.id, name: ws.name, slug: `${ws.slug}-again` });
    expect(await findMovedWorkspace(contextFor(database.db, member), ws.slug)).toBe(`${ws.slug}-again`);
    expect(await findMovedWorkspace(contextFor(database.db, member), `${ws.slug}-moved`)).toBe(`${ws.slug}-again`);
  });

  it("lets another workspace take an old address, which then stops redirecting; refuses a current one", async () => {
    const owner = await buildUser(database.db);
    const other = await buildUser(database.db);
    const ws = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const taken = await buildWorkspace(database.db, [{ actor: other, role: "owner" }]);
    const error = await updateWorkspace(contextFor(database.db, owner), { workspaceId: ws.id, name: ws.name, slug: taken.slug }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "validation_failed", fields: { slug: "This address is taken. Choose another." } });

    await updateWorkspace(contextFor(database.db, owner), { workspaceId: ws.id, name: ws.name, slug: `${ws.slug}-new` });
    await createWorkspace(contextFor(database.db, other), { name: "Squatter", slug: ws.slug });
    expect(await findMovedWorkspace(contextFor(database.db, owner), ws.slug)).toBeNull();
  });

  it.each(["admin", "editor", "commenter", "viewer"] as const)("refuses a %s", async (role) => {
    const owner = await buildUser(database.db);
    const member = await buildUser(database.db);
    const ws = await buildWorkspace(database.db, [
      { actor: owner, role: "owner" },
      { actor: member, role },
    ]);
    await expectAppError(updateWorkspace(contextFor(database.db, member), { workspaceId: ws.id, name: "Hijacked", slug: ws.slug }), "forbidden");
  });

  it("answers not_found to another workspace's member", async () => {
    const owner = await buildUser(database.db);
    const outsider = await buildUser(database.db);
    const ws = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    await buildWorkspace(database.db, [{ actor: outsider, role: "owner" }]);
    await expectAppError(updateWorkspace(contextFor(database.db, outsider), { workspaceId: ws.id, name: "x", slug: ws.slug }), "not_found");
  });
});

describe("listMembers", () => {
  it("lists members highest role first", async () => {
    const owner = await buildUser(database.db, { name: "Zed Owner" });
    const viewer = await buildUser(database.db, { name: "Amy Viewer" });
    const admin = await buildUser(database.db, { name: "Bo Admin" });
    const ws = await buildWorkspace(database.db, [
      { actor: owner, role: "owner" },
      { actor: viewer, role: "viewer" },
      { actor: admin, role: "admin" },
    ]);
    const members = await listMembers(contextFor(database.db, viewer), ws.id);
    expect(members.map((m) => m.role)).toEqual(["owner", "admin", "viewer"]);
  });

  it("answers not_found to a non-member", async () => {
    const owner = await buildUser(database.db);
    const stranger = await buildUser(database.db);
    const ws = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    await expectAppError(listMembers(contextFor(database.db, stranger), ws.id), "not_found");
  });

  it("answers not_found to a token of another workspace, and lists for a read token of this one", async () => {
    const owner = await buildUser(database.db);
    const ws = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const other = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const withGrant = (workspaceId: string) => ({ ...contextFor(database.db, owner), grant: { tokenId: "t", workspaceId, scope: "read" as const } });
    await expectAppError(listMembers(withGrant(other.id), ws.id), "not_found");
    expect((await listMembers(withGrant(ws.id), ws.id)).map((m) => m.userId)).toEqual([owner.id]);
  });
});

describe("listWorkspacesForUser", () => {
  it("puts the most recently visited workspace first", async () => {
    const ada = await buildUser(database.db);
    const first = await buildWorkspace(database.db, [{ actor: ada, role: "owner" }], { name: "First" });
    const second = await buildWorkspace(database.db, [{ actor: ada, role: "viewer" }], { name: "Second" });
    const ctx = contextFor(database.db, ada);
    const membership = await findWorkspaceForMember(ctx, { id: first.id });
    await recordWorkspaceVisit(database.db, membership, new Date(Date.now() + 120_000));
    expect((await listWorkspacesForUser(ctx)).map((w) => w.id)).toEqual([first.id, second.id]);
  });
});
