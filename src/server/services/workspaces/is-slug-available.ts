import { eq } from "drizzle-orm";
import { workspaces } from "@/server/db/schema";
import type { PublicContext } from "@/server/context";

/** Whether no workspace uses `slug` yet (the format is checked by WorkspaceSlugField). */
export async function isSlugAvailable({ db }: PublicContext, slug: string): Promise<boolean> {
  const rows = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, slug)).limit(1);
  return rows.length === 0;
}
