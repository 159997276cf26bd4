import { asc, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documentTemplates } from "@/server/db/schema";
import type { ArchiveTemplate } from "@/server/formats/archive/workspace-archive";
import { ensureBuiltInTemplates } from "@/server/services/templates/internal/seed-built-in-templates";
import type { ArchivePeople } from "./archive-people";

/**
 * The workspace's templates as the archive keeps them, built-in ones (as edited) included, oldest
 * first: what its template list shows. A workspace that never listed them gets its built-ins first,
 * as that list would, so the archive never reads as "every built-in deleted".
 */
export async function exportTemplates(db: Db, workspaceId: string, people: ArchivePeople): Promise<ArchiveTemplate[]> {
  await ensureBuiltInTemplates(db, workspaceId);
  const rows = await db
    .select()
    .from(documentTemplates)
    .where(eq(documentTemplates.workspaceId, workspaceId))
    .orderBy(asc(documentTemplates.createdAt), asc(documentTemplates.id));
  await people.load(rows.map((r) => r.createdBy));
  return rows.map((r) => ({
    name: r.name,
    description: r.description,
    body: r.body,
    builtInKey: r.builtInKey,
    createdBy: people.get(r.createdBy),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
