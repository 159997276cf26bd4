import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documentTemplates, workspaces } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { archiveError } from "@/server/formats/archive/read-workspace-archive";
import { remapImageUrls } from "@/server/formats/archive/remap-image-urls";
import type { ArchiveTemplate } from "@/server/formats/archive/workspace-archive";
import { BUILT_IN_TEMPLATES } from "@/server/services/templates/internal/built-in-templates";
import { seedBuiltInTemplates } from "@/server/services/templates/internal/seed-built-in-templates";
import { templateBody } from "@/server/services/templates/internal/template-body";
import { MAX_TEMPLATES_PER_WORKSPACE } from "@/shared/schemas/template";
import { memberFor } from "./archive-people";

const BUILT_IN_KEYS = new Set(BUILT_IN_TEMPLATES.map((t) => t.key));

/**
 * Writes an archive's templates into the workspace, in one transaction: a built-in template
 * replaces the workspace's copy of it (the archive's holds its edits), the others are added. Into
 * a new workspace the built-ins the archive lacks were deleted where it came from, and go here too;
 * an existing workspace keeps every template it had. Bodies are sanitised as a template's are, image
 * addresses pointed at the new files. Returns how many templates the archive gave.
 * @throws AppError validation_failed (`file`) for a template the editor would refuse | conflict past MAX_TEMPLATES_PER_WORKSPACE
 */
export async function importTemplates(
  db: Db,
  target: { workspaceId: string; isNew: boolean },
  templates: readonly ArchiveTemplate[],
  newFileIds: ReadonlyMap<string, string>,
  members: ReadonlyMap<string, string>,
): Promise<number> {
  const rows = templates.map((t) => ({
    workspaceId: target.workspaceId,
    name: t.name.trim() || "Untitled template",
    description: t.description.trim(),
    body: body(t, newFileIds),
    builtInKey: t.builtInKey && BUILT_IN_KEYS.has(t.builtInKey) ? t.builtInKey : null,
    createdBy: memberFor(members, t.createdBy),
    createdAt: new Date(t.createdAt),
    updatedAt: new Date(t.updatedAt),
  }));
  await db.transaction(async (tx) => {
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, target.workspaceId)).for("no key update");
    // Seeded now, so a first listing later doesn't add built-ins the archive replaced or left out.
    await seedBuiltInTemplates(tx, target.workspaceId);
    const builtIns = rows.flatMap((r) => (r.builtInKey ? [r.builtInKey] : []));
    const replaced = target.isNew
      ? isNotNull(documentTemplates.builtInKey)
      : builtIns.length > 0
        ? inArray(documentTemplates.builtInKey, builtIns)
        : undefined;
    if (replaced) await tx.delete(documentTemplates).where(and(eq(documentTemplates.workspaceId, target.workspaceId), replaced));
    if (rows.length > 0) await tx.insert(documentTemplates).values(rows);
    const [held] = await tx.select({ n: count() }).from(documentTemplates).where(eq(documentTemplates.workspaceId, target.workspaceId));
    if ((held?.n ?? 0) > MAX_TEMPLATES_PER_WORKSPACE) {
      throw new AppError(
        "conflict",
        `With the archive's templates this workspace would hold more than ${MAX_TEMPLATES_PER_WORKSPACE}. Delete some of its templates first, or import into a new workspace.`,
      );
    }
  });
  return rows.length;
}

function body(template: ArchiveTemplate, newFileIds: ReadonlyMap<string, string>) {
  try {
    return templateBody({ ops: remapImageUrls(template.body.ops, newFileIds) });
  } catch (error) {
    if (error instanceof AppError) throw archiveError(`The archive is damaged: the template “${template.name}” can't be imported (${error.message})`);
    throw error;
  }
}
