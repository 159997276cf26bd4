import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { SEARCH_CONFIG } from "@/server/db/search-config";
import { searchTsQuery } from "@/server/services/search/internal/search-query";

/**
 * How many matches are ranked at most: the most recently updated title matches and body matches,
 * up to this many of each. A word found in most documents (tens of thousands of rows at 100,000
 * documents) would otherwise make the database decompress and rank every matching search vector
 * for each page; with the cap a query costs about the same at any size. The price: for a word in
 * more than 300 documents, the body matches ranked are the 300 most recently updated ones (a
 * word that common says little on its own; another word narrows it). Measured in
 * docs/benchmarks.md: ranking 1,000 instead cost ~2× on PGlite at 10,000 documents.
 */
export const MAX_RANKED = 300;

export interface RankedMatch {
  id: string;
  title: string;
  updatedAt: Date;
}

/**
 * One page of matches: live documents of the workspace whose search vector matches the
 * query (searchTsQuery: websearch syntax, words also as prefixes) (found through the GIN indexes), title matches first, then by ts_rank_cd
 * (title words weigh 1.0, body words 0.4), then the most recently updated.
 */
export async function listRankedMatches(db: Db, workspaceId: string, text: string, page: { limit: number; offset: number }): Promise<RankedMatch[]> {
  const result = await db.execute(rankedMatchesSql(workspaceId, text, page));
  // Both drivers answer execute() with { rows }; Db's generic result type doesn't say so.
  const { rows } = result as unknown as { rows: Array<{ id: string; title: string; updated_at: Date | string }> };
  return rows.map((row) => ({ id: row.id, title: row.title, updatedAt: new Date(row.updated_at) }));
}

/** The statement listRankedMatches runs (the benchmark EXPLAINs it). */
export function rankedMatchesSql(workspaceId: string, text: string, page: { limit: number; offset: number }): SQL {
  const config = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);
  // Written out at each use rather than in a CTE: a constant the planner sees lets it estimate
  // how many rows match and choose between the GIN index and the updated_at index.
  const query = searchTsQuery(text);
  // Must be the expression of documents_title_search_idx, to use it.
  const titleVector = sql`to_tsvector(${config}, d.title)`;
  return sql`
    with candidates as (
      (select d.id from documents d
        where d.workspace_id = ${workspaceId} and d.deleted_at is null
          and ${titleVector} @@ ${query} and d.search_vector @@ ${query}
        order by d.updated_at desc limit ${MAX_RANKED})
      union
      (select d.id from documents d
        where d.workspace_id = ${workspaceId} and d.deleted_at is null and d.search_vector @@ ${query}
        order by d.updated_at desc limit ${MAX_RANKED})
    )
    select d.id, d.title, d.updated_at from candidates c join documents d on d.id = c.id
    order by ${titleVector} @@ ${query} desc, ts_rank_cd(d.search_vector, ${query}) desc, d.updated_at desc, d.id
    limit ${page.limit} offset ${page.offset}`;
}
