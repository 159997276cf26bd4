import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/server/db/client";
import type { StoredDelta } from "@/server/db/schema";
import type { RevisionKind } from "@/shared/revisions";

export interface NewRevision {
  documentId: string;
  kind: RevisionKind;
  name: string | null;
  title: string;
  /** The body, a sanitised document delta. */
  delta: StoredDelta;
  /** Its plain text (for the size). */
  text: string;
  createdBy: string | null;
  now: Date;
}

/**
 * Inserts a revision whose authors are the document's pending authors, and clears them: the
 * next revision counts from this one. One statement. Times are whole milliseconds (JS dates),
 * so the timeline's keyset cursor, which carries a JS date, matches them exactly.
 */
export async function insertRevision(db: Db | Tx, input: NewRevision): Promise<{ id: string; createdAt: Date }> {
  const at = input.now.toISOString();
  const result = await db.execute(sql`
    with cleared as (
      update documents d set pending_author_ids = '{}'::text[]
      from (select id, pending_author_ids from documents where id = ${input.documentId}) before
      where d.id = before.id
      returning d.id, d.workspace_id, before.pending_author_ids as authors
    )
    insert into revisions (document_id, workspace_id, kind, name, title, delta, size, created_by, author_ids, created_at, updated_at)
    select cleared.id, cleared.workspace_id, ${input.kind}, ${input.name}, ${input.title}, ${JSON.stringify(input.delta)}::jsonb,
      char_length(${input.text}::text), ${input.createdBy}, cleared.authors, ${at}::timestamptz, ${at}::timestamptz
    from cleared
    returning id, created_at`);
  // Both drivers answer execute() with { rows }; Db's generic result type doesn't say so.
  const { rows } = result as unknown as { rows: Array<{ id: string; created_at: string | Date }> };
  const row = rows[0];
  if (!row) throw new Error(`document ${input.documentId} vanished before its revision was taken`);
  return { id: row.id, createdAt: new Date(row.created_at) };
}
