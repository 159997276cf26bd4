import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documents } from "@/server/db/schema";
import { MAX_INDEXED_CHARS, SEARCH_CONFIG } from "@/server/db/search-config";
import { searchTsQuery } from "@/server/services/search/internal/search-query";
import { HIGHLIGHT_START, HIGHLIGHT_STOP, snippetHtml } from "@/server/presenters/snippet-html";

const HEADLINE_OPTIONS =
  `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxFragments=2, MaxWords=24, MinWords=10, ShortWord=2, ` +
  `FragmentDelimiter=" … "`;
/** Characters of text ts_headline reads: from WINDOW_BEFORE before the first match on. */
const WINDOW_CHARS = 800;
const WINDOW_BEFORE = 200;

/**
 * For each document id, an HTML-safe excerpt of its body with the query's matches in `<mark>`
 * (snippetHtml). ts_headline parses all the text it is given (about 1 ms per 500 words on
 * PGlite, and a 1,000,000-character body would take seconds), so it reads a window of
 * WINDOW_CHARS (about 130 words, room for two 24-word fragments) around the first place a query word occurs, found with a regular expression.
 */
export async function listSnippets(db: Db, ids: string[], text: string): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const config = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);
  const query = searchTsQuery(text);
  const words = queryWords(text);
  const body = sql`left(${documents.text}, ${sql.raw(String(MAX_INDEXED_CHARS))})`;
  // Case-insensitive, at a word's start (\m), as words match as prefixes; 1 (the start) when no word is found.
  const first = words.length
    ? sql`coalesce(nullif(regexp_instr(${body}, ${`\\m(?:${words.map(escapeRegExp).join("|")})`}::text, 1, 1, 0, 'i'), 0), 1)`
    : sql`1`;
  const window = sql`substr(${body}, greatest(1, ${first} - ${sql.raw(String(WINDOW_BEFORE))}), ${sql.raw(String(WINDOW_CHARS))})`;
  const rows = await db
    .select({
      id: documents.id,
      // The two mark characters are stripped from the text, so only ts_headline's marks remain.
      headline: sql<string>`ts_headline(${config}, translate(${window}, ${HIGHLIGHT_START + HIGHLIGHT_STOP}::text, ''), ${query}, ${HEADLINE_OPTIONS}::text)`,
    })
    .from(documents)
    .where(inArray(documents.id, ids));
  return new Map(rows.map((row) => [row.id, snippetHtml(row.headline)]));
}

/** The words a websearch query looks for, roughly as the parser splits them: not after "-", not "or". */
export function queryWords(text: string): string[] {
  const words = new Set<string>();
  for (const match of text.matchAll(/(^|[\s"(])(-?)([\p{L}\p{N}_]+)/gu)) {
    const word = (match[3] ?? "").toLowerCase();
    if (match[2] === "-" || word === "or") continue;
    words.add(word);
    if (words.size === 20) break;
  }
  return [...words];
}

function escapeRegExp(word: string): string {
  return word.replace(/[\\^$.|?*+()[\]{}]/g, "\\$&");
}
