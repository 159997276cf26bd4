import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { Role } from "@/shared/roles";
import type { Actor } from "@/server/context";
import { memberships } from "@/server/db/schema";
import { changeMemberRole } from "./change-member-role";
import { LAST_OWNER_LEAVE_MESSAGE, leaveWorkspace } from "./leave-workspace";
import { LAST_OWNER_MESSAGE } from "@/server/services/members/internal/lock-members";
import { removeMember } from "./remove-member";
import { withTestDatabase } from "@test/test-database-hooks";
import { expectAppError } from "@test/app-errors";

const database = withTestDatabase();

/** A workspace whose members hold `roles`, in order; returns the people in the same order. */
async function team(...roles: Role[]) {
  const people: Actor[] = [];
  for (const _ of roles) people.push(await buildUser(database.db));
  const workspace = await buildWorkspace(
    database.db,
    roles.map((role, i) => ({ actor: people[i] as Actor, role })),
  );
  return { workspace, people };
}

async function roleOf(workspaceId: string, userId: string): Promise<Role | undefined> {
  const [row] = await database.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  return row?.role;
}

const change = (actor: Actor, workspaceId: string, target: Actor, role: Role) =>
  changeMemberRole(contextFor(database.db, actor), { workspaceId, userId: target.id, role });
const remove = (actor: Actor, workspaceId: string, target: Actor) =>
  removeMember(contextFor(database.db, actor), { workspaceId, userId: target.id });
const leave = (actor: Actor, workspaceId: string) => leaveWorkspace(contextFor(database.db, actor), { workspaceId });

describe("changeMemberRole", () => {
  it("lets an admin move a member between roles below admin", async () => {
    const { workspace, people: [, admin, editor] } = await team("owner", "admin", "editor");
    await change(admin!, workspace.id, editor!, "viewer");
    expect(await roleOf(workspace.id, editor!.id)).toBe("viewer");
  });

  it.each(["admin", "owner"] as const)("refuses an admin making someone %s", async (role) => {
    const { workspace, people: [, admin, editor] } = await team("owner", "admin", "editor");
    await expectAppError(change(admin!, workspace.id, editor!, role), "forbidden");
    expect(await roleOf(workspace.id, editor!.id)).toBe("editor");
  });

  it.each(["admin", "owner"] as const)("refuses an admin changing an %s's role", async (targetRole) => {
    const { workspace, people: [, admin, target] } = await team("owner", "admin", targetRole);
    expect((await expectAppError(change(admin!, workspace.id, target!, "viewer"), "forbidden")).message).toBe("Only owners can change the role of an admin or owner.");
    expect(await roleOf(workspace.id, target!.id)).toBe(targetRole);
  });

  it("refuses an admin changing their own role", async () => {
    const { workspace, people: [, admin] } = await team("owner", "admin");
    await expectAppError(change(admin!, workspace.id, admin!, "editor"), "forbidden");
  });

  it.each(["editor", "commenter", "viewer"] as const)("refuses a %s, saying who may change roles (not the target's role: it is no admin)", async (role) => {
    const { workspace, people: [, actor, target] } = await team("owner", role, "viewer");
    const refusal = await expectAppError(change(actor!, workspace.id, target!, "commenter"), "forbidden");
    expect(refusal.message).toBe("Only admins and owners can change members' roles.");
    // Their own role either: a commenter promoting themselves to editor.
    expect((await expectAppError(change(actor!, workspace.id, actor!, "editor"), "forbidden")).message).toBe("Only admins and owners can change members' roles.");
  });

  it("lets an owner promote to owner and demote admins and owners", async () => {
    const { workspace, people: [owner, admin] } = await team("owner", "admin");
    await change(owner!, workspace.id, admin!, "owner");
    expect(await roleOf(workspace.id, admin!.id)).toBe("owner");
    await change(owner!, workspace.id, admin!, "admin");
    expect(await roleOf(workspace.id, admin!.id)).toBe("admin");
  });

  it("refuses to demote the last owner, even by themselves", async () => {
    const { workspace, people: [owner] } = await team("owner", "admin");
    for (const role of ["admin", "editor", "commenter", "viewer"] as const) {
      const error = await expectAppError(change(owner!, workspace.id, owner!, role), "conflict");
      expect(error.message).toBe(LAST_OWNER_MESSAGE);
    }
    expect(await roleOf(workspace.id, owner!.id)).toBe("owner");
  });

  it("lets one of two owners demote themselves or the other, but not both", async () => {
    const { workspace, people: [first, second] } = await team("owner", "owner");
    await change(first!, workspace.id, second!, "editor");
    await expectAppError(change(first!, workspace.id, first!, "admin"), "conflict");
    const { workspace: other, people: [a, b] } = await team("owner", "owner");
    await change(a!, other.id, a!, "admin");
    expect(await roleOf(other.id, a!.id)).toBe("admin");
    expect(await roleOf(other.id, b!.id)).toBe("owner");
  });

  it("keeps an owner when two owners demote each other at once", async () => {
    const { workspace, people: [a, b] } = await team("owner", "owner");
    const results = await Promise.allSettled([change(a!, workspace.id, b!, "editor"), change(b!, workspace.id, a!, "editor")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const owners = await database.db.select().from(memberships).where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.role, "owner")));
    expect(owners).toHaveLength(1);
  });

  it("answers not_found to a non-member and for a target who isn't a member", async () => {
    const { workspace, people: [owner, editor] } = await team("owner", "editor");
    const stranger = await buildUser(database.db);
    await expectAppError(change(stranger, workspace.id, editor!, "viewer"), "not_found");
    await expectAppError(change(owner!, workspace.id, stranger, "viewer"), "not_found");
  });
});

describe("removeMember", () => {
  it.each(["editor", "commenter", "viewer"] as const)("lets an admin remove a %s", async (role) => {
    const { workspace, people: [, admin, target] } = await team("owner", "admin", role);
    await remove(admin!, workspace.id, target!);
    expect(await roleOf(workspace.id, target!.id)).toBeUndefined();
  });

  it.each(["admin", "owner"] as const)("refuses an admin removing an %s", async (role) => {
    const { workspace, people: [, admin, target] } = await team("owner", "admin", role);
    await expectAppError(remove(admin!, workspace.id, target!), "forbidden");
    expect(await roleOf(workspace.id, target!.id)).toBe(role);
  });

  it("lets an owner remove an admin and another owner", async () => {
    const { workspace, people: [owner, admin, coOwner] } = await team("owner", "admin", "owner");
    await remove(owner!, workspace.id, admin!);
    await remove(owner!, workspace.id, coOwner!);
    expect(await roleOf(workspace.id, admin!.id)).toBeUndefined();
    expect(await roleOf(workspace.id, coOwner!.id)).toBeUndefined();
  });

  it("refuses removing oneself (that is leaving) and editors removing anyone", async () => {
    const { workspace, people: [owner, editor, viewer] } = await team("owner", "editor", "viewer");
    await expectAppError(remove(owner!, workspace.id, owner!), "forbidden");
    expect((await expectAppError(remove(editor!, workspace.id, viewer!), "forbidden")).message).toBe("Only admins and owners can remove members.");
  });

  it("keeps an owner when two owners remove each other at once", async () => {
    const { workspace, people: [a, b] } = await team("owner", "owner");
    const results = await Promise.allSettled([remove(a!, workspace.id, b!), remove(b!, workspace.id, a!)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rows = await database.db.select().from(memberships).where(eq(memberships.workspaceId, workspace.id));
    expect(rows.map((r) => r.role)).toEqual(["owner"]);
  });
});

describe("leaveWorkspace", () => {
  it.each(["viewer", "commenter", "editor", "admin"] as const)("lets a %s leave", async (role) => {
    const { workspace, people: [, member] } = await team("owner", role);
    await leave(member!, workspace.id);
    expect(await roleOf(workspace.id, member!.id)).toBeUndefined();
  });

  it("refuses the last owner", async () => {
    const { workspace, people: [owner] } = await team("owner", "admin");
    const error = await expectAppError(leave(owner!, workspace.id), "conflict");
    expect(error.message).toBe(LAST_OWNER_LEAVE_MESSAGE);
    expect(await roleOf(workspace.id, owner!.id)).toBe("owner");
  });

  it("lets one of two owners leave, then not the other", async () => {
    const { workspace, people: [a, b] } = await team("owner", "owner");
    await leave(a!, workspace.id);
    await expectAppError(leave(b!, workspace.id), "conflict");
  });

  it("keeps an owner when both owners leave at once", async () => {
    const { workspace, people: [a, b] } = await team("owner", "owner");
    const results = await Promise.allSettled([leave(a!, workspace.id), leave(b!, workspace.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rows = await database.db.select().from(memberships).where(eq(memberships.workspaceId, workspace.id));
    expect(rows.map((r) => r.role)).toEqual(["owner"]);
  });

  it("answers not_found to a non-member", async () => {
    const { workspace } = await team("owner");
    await expectAppError(leave(await buildUser(database.db), workspace.id), "not_found");
  });
});
