import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { titleVectorSql } from "@/server/db/search-config";
import { estimateMatches } from "@/server/services/search/internal/estimate-matches";
import { phraseWordsTsQuery, searchTsQuery } from "@/server/services/search/internal/search-query";

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

/**
 * How many vectors a phrase query reads at most, and so how far back it looks when its words are
 * common. A phrase needs the positions of its words, which GIN does not keep: each candidate's
 * vector is read and checked. When its words are in more documents than this (the planner's
 * estimate of the phrase loosened to its words, phraseWordsTsQuery), the phrase is looked for
 * among the PHRASE_WINDOW most recently updated documents of the workspace only (titles are still
 * all searched, through their own index); otherwise among every document holding its words, as
 * any other query. Without the bound, a rare phrase of common words ("length item": 359 of
 * 100,000 documents, its words in 41,613) read 85,000 vectors to find the 300 ranked, 0.8–1.4 s
 * on PostgreSQL (docs/performance-notes.md "Search"); at 1,000 a check costs 15–30 ms there.
 * Looking among the 1,000 most recent documents holding the words instead (GIN first) was slower:
 * sorting them costs a heap visit per document holding the words (41,613), or the planner walks
 * the updated_at index and reads each vector twice.
 */
export const PHRASE_WINDOW = 1000;

export interface RankedMatch {
  id: string;
  title: string;
  updatedAt: Date;
}

/**
 * One page of matches: live documents of the workspace whose search vector matches the
 * query (searchTsQuery: websearch syntax, words also as prefixes) (found through the GIN indexes), title matches first, then by ts_rank_cd
 * (title words weigh 1.0, body words 0.4), then the most recently updated. A phrase of common
 * words is looked for in the bodies of the PHRASE_WINDOW most recently updated documents only;
 * `phraseWindow` says so (PHRASE_WINDOW), null when every document was in play.
 */
export async function listRankedMatches(
  db: Db,
  workspaceId: string,
  text: string,
  page: { limit: number; offset: number },
): Promise<{ matches: RankedMatch[]; phraseWindow: number | null }> {
  const phraseWindow = (await needsPhraseWindow(db, workspaceId, text)) ? PHRASE_WINDOW : null;
  const result = await db.execute(rankedMatchesSql(workspaceId, text, page, { phraseWindow }));
  // Both drivers answer execute() with { rows }; Db's generic result type doesn't say so.
  const { rows } = result as unknown as { rows: Array<{ id: string; title: string; updated_at: Date | string }> };
  return { matches: rows.map((row) => ({ id: row.id, title: row.title, updatedAt: new Date(row.updated_at) })), phraseWindow };
}

/** Whether the query looks for a phrase whose words are in more than PHRASE_WINDOW documents (planner's estimate). */
export async function needsPhraseWindow(db: Db, workspaceId: string, text: string): Promise<boolean> {
  const words = phraseWordsTsQuery(text);
  return words !== null && (await estimateMatches(db, workspaceId, words)) > PHRASE_WINDOW;
}

/**
 * The statement listRankedMatches runs (the benchmark EXPLAINs it). With `phraseWindow`, vector
 * matches are looked for among that many most recently updated documents only (PHRASE_WINDOW).
 */
export function rankedMatchesSql(
  workspaceId: string,
  text: string,
  page: { limit: number; offset: number },
  options: { phraseWindow: number | null } = { phraseWindow: null },
): SQL {
  // Written out at each use rather than in a CTE: a constant the planner sees lets it estimate
  // how many rows match and choose between the GIN index and the updated_at index.
  const query = searchTsQuery(text);
  // Must be the expression of documents_title_search_idx, to use it.
  const titleVector = sql.raw(titleVectorSql("d"));
  return sql`
    with candidates as (
      (select d.id from documents d
        where d.workspace_id = ${workspaceId} and d.deleted_at is null
          and ${titleVector} @@ ${query} and d.search_vector @@ ${query}
        order by d.updated_at desc limit ${MAX_RANKED})
      union
      ${options.phraseWindow === null ? vectorMatches(workspaceId, query) : windowedVectorMatches(workspaceId, query, options.phraseWindow)}
    )
    select d.id, d.title, d.updated_at from candidates c join documents d on d.id = c.id
    order by ${titleVector} @@ ${query} desc, ts_rank_cd(d.search_vector, ${query}) desc, d.updated_at desc, d.id
    limit ${page.limit} offset ${page.offset}`;
}

function vectorMatches(workspaceId: string, query: SQL): SQL {
  return sql`(select d.id from documents d
        where d.workspace_id = ${workspaceId} and d.deleted_at is null and d.search_vector @@ ${query}
        order by d.updated_at desc limit ${MAX_RANKED})`;
}

// The window is a subquery with its own LIMIT, so the planner walks documents_workspace_updated_idx
// backwards for exactly `window` rows and checks each vector once, in the outer WHERE (a LIMIT
// keeps the condition from being pushed into the walk, where it would stop it only at 300 matches).
function windowedVectorMatches(workspaceId: string, query: SQL, window: number): SQL {
  return sql`(select w.id from (select d.id, d.search_vector, d.updated_at from documents d
          where d.workspace_id = ${workspaceId} and d.deleted_at is null
          order by d.updated_at desc limit ${window}) w
        where w.search_vector @@ ${query}
        order by w.updated_at desc limit ${MAX_RANKED})`;
}
