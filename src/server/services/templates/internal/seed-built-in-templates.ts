import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/server/db/client";
import { documentTemplates, workspaces } from "@/server/db/schema";
import { BUILT_IN_TEMPLATES } from "./built-in-templates";

/**
 * Adds the built-in templates to a workspace once (docs/product.md "Templates"): createWorkspace
 * calls it in its transaction, and listing templates calls it for workspaces made before
 * templates existed (or imported from an archive), whose `templates_seeded_at` is null. Admins may
 * delete built-in templates; the mark keeps them from coming back.
 */
export async function seedBuiltInTemplates(db: Db | Tx, workspaceId: string): Promise<void> {
  // The mark is set first and only where still null, so of two concurrent first listings one seeds.
  const marked = await db
    .update(workspaces)
    .set({ templatesSeededAt: new Date() })
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.templatesSeededAt)))
    .returning({ id: workspaces.id });
  if (marked.length === 0) return;
  await db.insert(documentTemplates).values(
    BUILT_IN_TEMPLATES.map((template) => ({ workspaceId, name: template.name, description: template.description, body: template.body, builtInKey: template.key })),
  );
}

/** Seeds the workspace's built-in templates when that never happened; one cheap read otherwise. */
export async function ensureBuiltInTemplates(db: Db, workspaceId: string): Promise<void> {
  const [row] = await db.select({ seededAt: workspaces.templatesSeededAt }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  if (!row || row.seededAt) return;
  await db.transaction((tx) => seedBuiltInTemplates(tx, workspaceId));
}
