import { asc, desc, eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { memberships, users } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { findWorkspaceForMember } from "./find-workspace-for-member";

/** Members of a workspace the actor can read, highest role first, then by name. @throws AppError not_found */
export async function listMembers(ctx: ServiceContext, workspaceId: string) {
  const workspace = await findWorkspaceForMember(ctx, { id: workspaceId });
  authorize(workspaceAbilities(workspace.role).read);
  // Highest role first: the enum's declaration order is viewer … owner.
  return ctx.db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      color: users.color,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspace.id))
    .orderBy(desc(memberships.role), asc(sql`lower(${users.name})`));
}
