import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { workspaces } from "@/server/db/schema";

/** Whether no workspace uses `slug` yet (the format is checked by WorkspaceSlugField). */
export async function isSlugAvailable(db: Db, slug: string): Promise<boolean> {
  const rows = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, slug)).limit(1);
  return rows.length === 0;
}
