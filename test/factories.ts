import crypto from "node:crypto";
import type { Actor, ServiceContext } from "../src/server/context";
import type { Db } from "../src/server/db/client";
import { memberships, users, workspaces } from "../src/server/db/schema";
import type { Role } from "../src/shared/roles";

/** Inserts a user row (no password: for service tests that don't sign in). */
export async function buildUser(db: Db, overrides: Partial<Actor> = {}): Promise<Actor> {
  const id = crypto.randomUUID();
  const actor: Actor = {
    id,
    name: overrides.name ?? "Ada Lovelace",
    email: overrides.email ?? `user-${id.slice(0, 8)}@example.com`,
    color: overrides.color ?? "#4f46e5",
  };
  await db.insert(users).values(actor);
  return actor;
}

/** Inserts a workspace with the given members and roles; the first member created it. */
export async function buildWorkspace(
  db: Db,
  members: Array<{ actor: Actor; role: Role }>,
  overrides: { name?: string; slug?: string } = {},
) {
  const suffix = crypto.randomBytes(4).toString("hex");
  const [workspace] = await db
    .insert(workspaces)
    .values({ name: overrides.name ?? "Acme", slug: overrides.slug ?? `acme-${suffix}`, createdBy: members[0]?.actor.id })
    .returning();
  if (!workspace) throw new Error("insert returned no row");
  if (members.length > 0) {
    await db.insert(memberships).values(members.map((m) => ({ workspaceId: workspace.id, userId: m.actor.id, role: m.role })));
  }
  return workspace;
}

/** A service context for `actor`. */
export function contextFor(db: Db, actor: Actor): ServiceContext {
  return { db, actor };
}
