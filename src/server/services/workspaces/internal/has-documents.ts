import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documents } from "@/server/db/schema";

/** Whether the workspace holds any document, trashed ones included (import needs an empty one). */
export async function hasDocuments(db: Db, workspaceId: string): Promise<boolean> {
  const [row] = await db.select({ id: documents.id }).from(documents).where(eq(documents.workspaceId, workspaceId)).limit(1);
  return row !== undefined;
}
