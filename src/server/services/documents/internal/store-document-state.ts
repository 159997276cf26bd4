import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { StoredDelta } from "@/server/db/schema";
import { AUTO_REVISION_INTERVAL_MS } from "@/shared/revisions";

export interface DocumentState {
  /** Y.encodeStateAsUpdate of the whole document. */
  ydoc: Uint8Array;
  /** Derived from ydoc: the body as a delta, as plain text (the database derives the search vector from it), and rendered to sanitised HTML. */
  content: StoredDelta;
  text: string;
  html: string;
  /** The text's word breaks for search (segmentedText in word-breaks.ts), derived with it. */
  segmentedText: string | null;
  updatedBy: string | null;
  /** Everyone whose changes are in this store: added to the next revision's authors. */
  writerIds?: string[];
  /** The time of the store (tests pass their clock); it decides whether an `auto` revision is due. */
  now?: Date;
}

/** What a store did besides saving the state. */
export interface StoreResult {
  /** The `auto` revision this store took, if one was due. */
  revisionId: string | null;
}

/**
 * Stores a document's Yjs state with everything derived from it, and takes an `auto` revision
 * when one is due (docs/product.md "States"): the body differs from the last revision's and
 * AUTO_REVISION_INTERVAL_MS has passed since that revision (or since the document was created).
 * One statement, so the snapshot, its derivations, the pending authors and the revision never
 * disagree, and a store costs one round trip (PGlite's per-query overhead dominates the hot
 * path). The last revision is found through revisions_document_created_idx.
 */
export async function storeDocumentState(db: Db, documentId: string, state: DocumentState): Promise<StoreResult> {
  const now = state.now ?? new Date();
  // Arrays travel as JSON: both drivers pass a string the same way, not so a JS array.
  const writers = JSON.stringify([...new Set(state.writerIds ?? [])]);
  const result = await db.execute(sql`
    with input as (
      select ${state.ydoc}::bytea as ydoc, ${JSON.stringify(state.content)}::jsonb as content, ${state.text}::text as text,
        ${state.html}::text as html, ${state.segmentedText}::text as segmented_text, ${state.updatedBy}::text as updated_by, ${now.toISOString()}::timestamptz as now,
        array(select jsonb_array_elements_text(${writers}::jsonb)) as writers
    ),
    current_doc as (
      select d.id, d.workspace_id, d.title, d.created_at, last.created_at as last_at, last.delta as last_delta,
        array(
          select a from unnest(d.pending_author_ids || input.writers) with ordinality as t(a, n) group by a order by min(n)
        ) as authors
      from documents d
      cross join input
      left join lateral (
        select r.created_at, r.delta from revisions r where r.document_id = d.id order by r.created_at desc, r.id desc limit 1
      ) last on true
      where d.id = ${documentId}
    ),
    decision as (
      select c.*, (
        -- At the millisecond precision of the clock that passes input.now (PostgreSQL keeps
        -- microseconds in created_at, so "exactly 5 minutes later" would otherwise fall short).
        input.now - date_trunc('milliseconds', coalesce(c.last_at, c.created_at)) >= ${AUTO_REVISION_INTERVAL_MS} * interval '1 millisecond'
        and input.content is distinct from c.last_delta
      ) as is_due
      from current_doc c cross join input
    ),
    stored as (
      update documents d set ydoc = input.ydoc, content = input.content, text = input.text, html = input.html,
        segmented_text = input.segmented_text,
        updated_by = input.updated_by, updated_at = input.now,
        pending_author_ids = case when decision.is_due then '{}'::text[] else decision.authors end
      from input, decision
      where d.id = decision.id
      returning d.id
    )
    insert into revisions (document_id, workspace_id, kind, title, delta, size, created_by, author_ids, created_at, updated_at)
    select decision.id, decision.workspace_id, 'auto', decision.title, input.content, char_length(input.text),
      input.updated_by, decision.authors, input.now, input.now
    from decision cross join input
    where decision.is_due
    returning id`);
  // Both drivers answer execute() with { rows }; Db's generic result type doesn't say so.
  const { rows } = result as unknown as { rows: Array<{ id: string }> };
  return { revisionId: rows[0]?.id ?? null };
}
