import { eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documentTemplates } from "@/server/db/schema";
import { authorize } from "@/server/errors";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import type { TemplateRefInput } from "@/shared/schemas/template";
import { findTemplateForMember } from "./internal/find-template-for-member";

/**
 * Deletes a template for good (documents made from it keep their text); its author if an
 * editor, admins and owners any, built-in ones included.
 * @throws AppError not_found | forbidden
 */
export async function deleteTemplate(ctx: ServiceContext, input: TemplateRefInput): Promise<{ id: string; workspaceId: string }> {
  const template = await findTemplateForMember(ctx, input.templateId);
  authorize(template.abilities.delete, "Editors can delete only their own templates; admins and owners delete any.");
  await ctx.db.transaction(async (tx) => {
    await tx.delete(documentTemplates).where(eq(documentTemplates.id, template.id));
    await recordAuditEvent({ ...ctx, db: tx }, { workspaceId: template.workspaceId, kind: "template.deleted", target: { id: template.id, label: template.name } });
  });
  return { id: template.id, workspaceId: template.workspaceId };
}
