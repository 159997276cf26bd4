import { MAX_SEARCH_LIMIT, SEARCH_PAGE_SIZE, SearchQueryField } from "@/shared/schemas/search";
import type { ServiceContext } from "@/server/context";
import { AppError, authorize } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { listAncestorTitles } from "@/server/services/search/internal/list-ancestor-titles";
import { listRankedMatches } from "@/server/services/search/internal/ranked-matches";
import { listSnippets } from "@/server/services/search/internal/list-snippets";
import type { SearchHitRow } from "@/server/presenters/present-search-result";

// For the results page's note on the phrase window: a pure reading of the query, no data.
export { looksForSplitPhrase } from "@/server/services/search/internal/search-query";

export interface SearchDocumentsInput {
  /** The workspace to search, by id or by slug. */
  workspace: { id: string } | { slug: string };
  /** As typed: websearch syntax ("quoted phrases", -exclusions, or). Blank → no results. */
  query: string;
  /** From a previous page's nextCursor. */
  cursor?: string | null;
  /** 1–100; default 20. */
  limit?: number;
}

export type SearchHit = SearchHitRow;

export interface SearchPage {
  /** The workspace searched (the caller may have named it by slug or id). */
  workspace: { id: string; slug: string };
  results: SearchHit[];
  nextCursor: string | null;
  /**
   * Set when a phrase of common words was looked for in the bodies of only this many most
   * recently updated documents (titles all searched; PHRASE_WINDOW in ranked-matches.ts), so an
   * older body holding it is missing: the results page says so. Null when all were searched.
   */
  phraseWindow: number | null;
}

// Offsets past this would make the database rank and skip that many rows: nobody pages that far.
const MAX_OFFSET = 10_000;

/**
 * The live documents of a workspace the actor belongs to that match `query`, best first (see
 * listRankedMatches), with snippets and ancestor paths. @throws AppError not_found | bad_request
 */
export async function searchDocuments(ctx: ServiceContext, input: SearchDocumentsInput): Promise<SearchPage> {
  const parsed = SearchQueryField.safeParse(input.query);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "This search query is not valid.");
  const offset = decodeCursor(input.cursor);
  const limit = clampLimit(input.limit);
  const workspace = await findWorkspaceForMember(ctx, input.workspace);
  authorize(workspaceAbilities(workspace.role).read);
  // PostgreSQL text can't hold NUL; websearch_to_tsquery never fails on any other input.
  const text = parsed.data.replaceAll("\u0000", " ").trim();
  const searched = { id: workspace.id, slug: workspace.slug };
  if (!text) return { workspace: searched, results: [], nextCursor: null, phraseWindow: null };

  const { matches: rows, phraseWindow } = await listRankedMatches(ctx.db, workspace.id, text, { limit: limit + 1, offset });
  const page = rows.slice(0, limit);
  if (page.length === 0) return { workspace: searched, results: [], nextCursor: null, phraseWindow };
  const ids = page.map((row) => row.id);
  const [snippets, paths] = await Promise.all([listSnippets(ctx.db, ids, text), listAncestorTitles(ctx.db, ids)]);
  return {
    workspace: searched,
    results: page.map((row) => ({ ...row, snippet: snippets.get(row.id) ?? "", path: paths.get(row.id) ?? [] })),
    nextCursor: rows.length > limit && offset + limit < MAX_OFFSET ? encodeCursor(offset + limit) : null,
    phraseWindow,
  };
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return SEARCH_PAGE_SIZE;
  return Math.min(Math.max(Math.trunc(limit), 1), MAX_SEARCH_LIMIT);
}

function encodeCursor(offset: number): string {
  return Buffer.from(`o${offset}`).toString("base64url");
}

function decodeCursor(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const match = /^o(\d{1,5})$/.exec(Buffer.from(cursor, "base64url").toString());
  const offset = match ? Number(match[1]) : NaN;
  if (!(offset >= 0 && offset <= MAX_OFFSET)) throw new AppError("bad_request", "This cursor is not valid: use the nextCursor of a previous page.");
  return offset;
}
