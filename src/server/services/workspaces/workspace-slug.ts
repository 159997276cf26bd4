import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { workspaces } from "@/server/db/schema";

/** The slug of a workspace the caller has already been authorised for (for URLs). */
export async function workspaceSlug(db: Db, workspaceId: string): Promise<string> {
  const [row] = await db.select({ slug: workspaces.slug }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  if (!row) throw new Error(`workspace ${workspaceId} vanished`);
  return row.slug;
}
