/**
 * The text search configuration for titles, bodies and queries (migration 0018): a copy of
 * 'simple' whose word tokens go through the `unaccent` dictionary first, so "cafe" and "café",
 * "naive" and "naïve", "strasse" and "Straße" are one word, whichever is typed or written.
 * 'simple' lower-cases words without stemming or stop words. Teams write in many languages and
 * paste code; an English stemmer would mangle both and drop "the", "not", "to" from phrase searches
 * ("to be or not to be" would match nothing). Mixing configs (simple titles, english bodies) would
 * need two queries OR-ed together, which breaks "-exclusions": the simple half passes a document
 * whose body holds the excluded word in its stemmed form. So one config everywhere, at the price
 * of "run" not finding "running" (docs/architecture.md, "Search").
 */
export const SEARCH_CONFIG = "quire_search";

/**
 * The IMMUTABLE SQL function (migration 0018) every text goes through before the parser, on both
 * sides: the indexed title and body, each word and phrase of a query, and the text of a snippet.
 * It puts SEARCH_SEPARATOR
 * - around each character of SPLIT_RANGES (Chinese and Japanese, written without spaces: the
 *   parser would keep 東京都の天気 as one word, so 天気 could never match). Each character is a
 *   word of its own, and a query's 天気 is the phrase 天 <-> 気 (search-query.ts): found wherever
 *   it stands in a run, in order, as the characters are adjacent.
 * - between a hyphen and a digit, so "OKR-2026" is "okr" and "2026" rather than "okr" and the
 *   signed number "-2026" (which "2026" does not find).
 * - where WORD_BREAK stands (word-breaks.ts: between the words of a Thai, Lao, Khmer or Burmese
 *   run, marked in JavaScript with ICU's dictionaries before the text reaches the database).
 * A SEARCH_SEPARATOR in the text itself is dropped first.
 */
export const SEARCH_TEXT_FUNCTION = "quire_search_text";

/**
 * The IMMUTABLE SQL function (migration 0022) that picks what the search vector reads:
 * `quire_with_word_breaks(input, segmented)` is `segmented` (a segmented_title or segmented_text
 * column: the input with WORD_BREAKs marked by word-breaks.ts) when it is `input` with word breaks,
 * else `input`. So a write that changes the title or the text without the column that goes with it
 * (a stale or missing segmentation) makes the vector read the text as it is, never another text.
 */
export const WORD_BREAKS_FUNCTION = "quire_with_word_breaks";

/**
 * What quire_search_text inserts: a control character the parser reads as a space but that can
 * be taken out of a ts_headline result again, so snippets show the text as written.
 */
export const SEARCH_SEPARATOR = "\u0003";

/**
 * Code points that are each a word of their own (quire_search_text): Han ideographs and kana,
 * written without spaces between words. Korean is written with spaces and stays as it is.
 */
export const SPLIT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x3005, 0x3007], // 々 〆 〇
  [0x3040, 0x30ff], // Hiragana, Katakana (with ー)
  [0x31f0, 0x31ff], // Katakana Phonetic Extensions
  [0x3400, 0x4dbf], // CJK Unified Ideographs Extension A
  [0x4e00, 0x9fff], // CJK Unified Ideographs
  [0xf900, 0xfaff], // CJK Compatibility Ideographs
  [0xff66, 0xff9f], // Halfwidth Katakana
  [0x20000, 0x323af], // CJK Extensions B–I, Compatibility Ideographs Supplement
];

/** SPLIT_RANGES as the inside of a JavaScript `[…]` class (for a regular expression with the u flag). */
export const SPLIT_CLASS = SPLIT_RANGES.map(([from, to]) => `\\u{${from.toString(16)}}-\\u{${to.toString(16)}}`).join("");

/** SPLIT_RANGES as the inside of a PostgreSQL regular expression's `[…]`. */
function splitClassSql(): string {
  const escape = (code: number) => (code > 0xffff ? `\\U${code.toString(16).padStart(8, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`);
  return SPLIT_RANGES.map(([from, to]) => `${escape(from)}-${escape(to)}`).join("");
}

/**
 * The body of quire_search_text, as migration 0022 creates it (0018 without the WORD_BREAK step;
 * search-vector.test.ts checks the database's function against SPLIT_RANGES). A change to it is a
 * new migration.
 */
export const SEARCH_TEXT_SQL =
  `regexp_replace(regexp_replace(translate(input, E'\\x04\\x03', E'\\x03'), '([${splitClassSql()}])', E'\\x03\\\\1\\x03', 'g'), ` +
  `'-([0-9])', E'-\\x03\\\\1', 'g')`;

/**
 * How much of a body the search vector covers, in characters (code points). A tsvector's lexemes
 * and their positions hold at most 1 MB (1,048,575 bytes), and a body at the 1,000,000-character
 * limit made of distinct words overflows it (error 54000), which would fail the whole store, Yjs
 * state included. No character costs more than 8 bytes: a lexeme, padded to an even length, and
 * 4 bytes of positions, where a character of SPLIT_RANGES is a word of its own (4 bytes at most
 * in UTF-8) and any other word needs a character between it and the next (one-letter hyphenated
 * words of new 4-byte letters, "𖠀-𖠁 ", cost 7.5 a character: the compound and both parts). So
 * 130,000 characters and a 200-character title stay under 1,041,600 bytes. (150,000, the cap until
 * migration 0018 split those characters, would let the body search-vector.test.ts indexes overflow.)
 */
export const MAX_INDEXED_CHARS = 130_000;

/** `expression` through quire_search_text, as SQL text (a column name, a bind placeholder). */
export function searchTextSql(expression: string): string {
  return `${SEARCH_TEXT_FUNCTION}(${expression})`;
}

/**
 * `expression` with the word breaks of `segmented` when they belong to it (quire_with_word_breaks),
 * as SQL text: what the vector reads of the title and of the body.
 */
export function withWordBreaksSql(expression: string, segmented: string): string {
  return `${WORD_BREAKS_FUNCTION}(${expression}, ${segmented})`;
}

/**
 * The title's own vector, as SQL text for a table alias ("d") or none: the expression of
 * documents_title_search_idx, which a query must repeat exactly to use the index (ranked-matches.ts).
 */
export function titleVectorSql(table?: string): string {
  const column = (name: string) => (table ? `${table}.${name}` : `"${name}"`);
  return `to_tsvector('${SEARCH_CONFIG}'::regconfig, ${searchTextSql(withWordBreaksSql(column("title"), column("segmented_title")))})`;
}

/**
 * The indexed part of the body as the vector reads it, as SQL text for a table alias or none: the
 * first MAX_INDEXED_CHARS characters of the text, with segmented_text's word breaks (snippets read
 * their window from it, list-snippets.ts).
 */
export function indexedTextSql(table?: string): string {
  const column = (name: string) => (table ? `${table}.${name}` : `"${name}"`);
  return withWordBreaksSql(`left(${column("text")}, ${MAX_INDEXED_CHARS})`, column("segmented_text"));
}

/**
 * The SQL of `documents.search_vector`, a generated column: the title with weight A and the
 * first MAX_INDEXED_CHARS of the body text with weight B, each with its word breaks (the
 * segmented_title and segmented_text columns, word-breaks.ts). Being generated, it is recomputed by
 * the database whenever the title (rename) or the text (collab store) changes: no code path can
 * forget it. Column names are the table's own.
 */
export const SEARCH_VECTOR_SQL =
  `setweight(${titleVectorSql()}, 'A') || ` + `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, ${searchTextSql(indexedTextSql())}), 'B')`;
