import { count, eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import type { StoredDelta } from "@/server/db/schema";
import { documentTemplates, workspaces } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { MAX_TEMPLATES_PER_WORKSPACE } from "@/shared/schemas/template";
import { seedBuiltInTemplates } from "./seed-built-in-templates";

/**
 * Inserts a member's template and records it in the audit log; checks no access (the use case
 * has). The workspace row is locked so two creations can't both pass the limit.
 * @throws AppError conflict (the workspace has MAX_TEMPLATES_PER_WORKSPACE templates)
 */
export async function insertTemplate(ctx: ServiceContext, values: { workspaceId: string; name: string; description: string; body: StoredDelta }) {
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, values.workspaceId)).for("no key update");
    // Built-in templates first, so the member's own never stands alone in a workspace that never listed them.
    await seedBuiltInTemplates(tx, values.workspaceId);
    const [existing] = await tx.select({ n: count() }).from(documentTemplates).where(eq(documentTemplates.workspaceId, values.workspaceId));
    if ((existing?.n ?? 0) >= MAX_TEMPLATES_PER_WORKSPACE) {
      throw new AppError("conflict", `A workspace holds at most ${MAX_TEMPLATES_PER_WORKSPACE} templates. Delete one first.`);
    }
    const [row] = await tx
      .insert(documentTemplates)
      .values({ ...values, createdBy: ctx.actor.id })
      .returning({ id: documentTemplates.id, workspaceId: documentTemplates.workspaceId, name: documentTemplates.name });
    if (!row) throw new Error("insert returned no row");
    await recordAuditEvent({ ...ctx, db: tx }, { workspaceId: row.workspaceId, kind: "template.created", target: { id: row.id, label: row.name } });
    return row;
  });
}
