import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documents } from "@/server/db/schema";

/** The stored Yjs state of a document (null for one never edited). Access was checked on connect. */
export async function loadDocumentState(db: Db, documentId: string): Promise<Uint8Array | null> {
  const [row] = await db.select({ ydoc: documents.ydoc }).from(documents).where(eq(documents.id, documentId)).limit(1);
  return row?.ydoc ?? null;
}
