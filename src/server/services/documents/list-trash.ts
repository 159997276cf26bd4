import { and, count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ServiceContext } from "@/server/context";
import { documents, users } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import type { TrashRow } from "@/server/presenters/present-document";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";

/** One entry of the trash: a document trashed on its own, with what went with it. */
export interface TrashItem extends TrashRow {
  workspaceId: string;
}

/** The workspace's trashed roots, most recently trashed first. @throws AppError not_found */
export async function listTrash(ctx: ServiceContext, workspaceId: string): Promise<TrashItem[]> {
  const workspace = await findWorkspaceForMember(ctx, { id: workspaceId });
  authorize(workspaceAbilities(workspace.role).read);
  const member = alias(documents, "member");
  const rows = await ctx.db
    .select({
      id: documents.id,
      workspaceId: documents.workspaceId,
      parentId: documents.parentId,
      title: documents.title,
      deletedAt: documents.deletedAt,
      deletedByName: users.name,
      groupSize: count(member.id),
    })
    .from(documents)
    .innerJoin(member, eq(member.deletedRootId, documents.id))
    .leftJoin(users, eq(users.id, documents.deletedBy))
    .where(and(eq(documents.workspaceId, workspace.id), eq(documents.deletedRootId, documents.id)))
    .groupBy(documents.id, users.name)
    .orderBy(desc(documents.deletedAt), desc(documents.id));
  return rows.flatMap(({ groupSize, deletedAt, ...row }) =>
    // deletedAt is set on every trashed root; the guard only narrows the type.
    deletedAt ? [{ ...row, deletedAt, descendantCount: groupSize - 1, actorRole: workspace.role }] : [],
  );
}
