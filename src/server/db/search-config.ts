/**
 * The text search configuration for titles, bodies and queries. 'simple' lower-cases words
 * without stemming or stop words. Teams write in many languages and paste code; an English
 * stemmer would mangle both and drop "the", "not", "to" from phrase searches ("to be or not to
 * be" would match nothing). Mixing configs (simple titles, english bodies) would need two
 * queries OR-ed together, which breaks "-exclusions": the simple half passes a document whose
 * body holds the excluded word in its stemmed form. So one config everywhere, at the price of
 * "run" not finding "running" (docs/architecture.md, "Search").
 */
export const SEARCH_CONFIG = "simple";

/**
 * How much of a body the search vector covers, in characters (code points). A tsvector holds at
 * most 1 MB, and a body at the 1,000,000-character limit made of distinct words overflows it
 * (error 54000), which would fail the whole store, Yjs state included. Distinct words cost at
 * most ~5.5 bytes per character, so 150,000 characters (about 25,000 words) always fit.
 */
export const MAX_INDEXED_CHARS = 150_000;

/**
 * The SQL of `documents.search_vector`, a generated column: the title with weight A and the
 * first MAX_INDEXED_CHARS of the body text with weight B. Being generated, it is recomputed by
 * the database whenever the title (rename) or the text (collab store) changes: no code path can
 * forget it. Column names are the table's own.
 */
export const SEARCH_VECTOR_SQL =
  `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, "title"), 'A') || ` +
  `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, left("text", ${MAX_INDEXED_CHARS})), 'B')`;
