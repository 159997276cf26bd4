import { eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documents } from "@/server/db/schema";

/** Whether the workspace holds any document, trashed ones included (import needs an empty one). */
export async function hasDocuments(ctx: ServiceContext, workspaceId: string): Promise<boolean> {
  const [row] = await ctx.db.select({ id: documents.id }).from(documents).where(eq(documents.workspaceId, workspaceId)).limit(1);
  return row !== undefined;
}
