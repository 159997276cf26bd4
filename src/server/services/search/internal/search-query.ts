import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import { SEARCH_CONFIG, SEARCH_TEXT_FUNCTION, SPLIT_CLASS } from "@/server/db/search-config";
import { markWordBreaks, SEGMENTED_CLASS, WORD_BREAK } from "@/server/db/word-breaks";

/** One thing the query looks for: a word (matched as a prefix) or a "quoted phrase" (matched exactly). */
export interface SearchTerm {
  kind: "word" | "phrase";
  text: string;
  /** Written with a leading "-": documents holding it are left out. */
  isExcluded: boolean;
}

/** Terms in `or`-separated groups: a document matches when it matches every term of some group. */
export type ParsedSearchQuery = SearchTerm[][];

// A query is at most 200 characters (SearchQueryField), so this only bounds pathological input.
const MAX_TERMS = 32;

/**
 * Reads a query in the websearch syntax people already know from web search engines and from
 * PostgreSQL's websearch_to_tsquery: words, "quoted phrases" (an unclosed quote runs to the
 * end), `-` before a word or phrase to exclude it, and `or` between alternatives (binding looser
 * than the implied "and"). Everything else is text: nothing the user types can be an error.
 */
export function parseSearchQuery(text: string): ParsedSearchQuery {
  const groups: ParsedSearchQuery = [[]];
  let count = 0;
  for (const match of text.matchAll(/(-?)(?:"([^"]*)"?|([^\s"]+))/g)) {
    if (count === MAX_TERMS) break;
    const isExcluded = match[1] === "-";
    const phrase = match[2];
    const word = match[3];
    const group = groups.at(-1)!;
    if (phrase !== undefined) {
      if (!phrase.trim()) continue;
      group.push({ kind: "phrase", text: phrase, isExcluded });
    } else if (word !== undefined) {
      if (!isExcluded && word.toLowerCase() === "or") {
        if (group.length > 0) groups.push([]);
        continue;
      }
      group.push({ kind: "word", text: word, isExcluded });
    }
    count += 1;
  }
  return groups.filter((group) => group.length > 0);
}

// A letter or digit of SPLIT_RANGES (Chinese, Japanese): a word on its own. Otherwise a run of
// letters, digits and combining marks (the vowel signs of Hindi, decomposed accents), as the
// parser keeps them together.
const WORD_PART = new RegExp(`(?=[\\p{L}\\p{N}])[${SPLIT_CLASS}]|(?:(?![${SPLIT_CLASS}])[\\p{L}\\p{M}\\p{N}])+`, "gu");
const SPLIT_CHAR = new RegExp(`^[${SPLIT_CLASS}]$`, "u");
const SEGMENTED_CHAR = new RegExp(`[${SEGMENTED_CLASS}]`, "u");

/** A part of a word's prefix query: a whole word when another word of its run follows (ฉัน of ฉันกิน), else matched as a prefix. */
interface WordPart {
  text: string;
  isWhole: boolean;
}

/**
 * The letters-and-digits runs of a word, lower-cased: what a prefix match is built from, each
 * Chinese or Japanese character a part of its own (the index holds them so: quire_search_text),
 * and each Thai, Lao, Khmer or Burmese word of a run too (markWordBreaks, as the index was).
 * Only letters, marks and digits reach to_tsquery, so no character of the user's can be tsquery syntax.
 */
export function wordParts(word: string): string[] {
  return prefixParts(word).map((part) => part.text);
}

function prefixParts(word: string): WordPart[] {
  const marked = markWordBreaks(word.toLowerCase());
  return Array.from(marked.matchAll(WORD_PART), (match) => ({ text: match[0], isWhole: marked[match.index + match[0].length] === WORD_BREAK }));
}

/**
 * Whether a word is several parts of which some are Chinese or Japanese characters (天気: 天 <-> 気)
 * or Thai, Lao, Khmer or Burmese words (กินข้าว: กิน <-> ข้าว): a phrase of its parts.
 */
function isSplitPhrase(term: SearchTerm): boolean {
  if (term.kind !== "word") return false;
  const parts = wordParts(term.text);
  return parts.length > 1 && parts.some((part) => SPLIT_CHAR.test(part) || SEGMENTED_CHAR.test(part));
}

/** Whether the query looks for a Chinese or Japanese word of several characters, or a Thai, Lao, Khmer or Burmese run of several words (a phrase to the window: ranked-matches.ts). */
export function looksForSplitPhrase(text: string): boolean {
  return parseSearchQuery(text).some((group) => group.some((term) => !term.isExcluded && isSplitPhrase(term)));
}

/**
 * `text` as the index reads it: its Thai, Lao, Khmer and Burmese words apart (markWordBreaks),
 * then quire_search_text: Chinese and Japanese characters apart, "-2026" unsigned.
 */
function searchText(text: string): SQL {
  return sql`${sql.raw(SEARCH_TEXT_FUNCTION)}(${markWordBreaks(text)}::text)`;
}

/**
 * A Thai, Lao, Khmer or Burmese word the query split into words (กินข้าว) also matches as the
 * prefix of one word ('กินข้าว':*): the dictionary may keep it inside a longer word where the text
 * runs on (typing ข้าวมั finds ข้าวมันไก่ kept whole). Null for any other word.
 */
function unsplitPrefix(term: SearchTerm): string | null {
  if (term.kind !== "word" || !SEGMENTED_CHAR.test(term.text)) return null;
  const parts = term.text.toLowerCase().match(WORD_PART) ?? [];
  if (parts.length === wordParts(term.text).length) return null;
  return parts.map((part) => `'${part}':*`).join(" <-> ");
}

/**
 * The tsquery for `text` as an SQL expression. Every word also matches as a prefix, so a search
 * typed one key at a time finds "zebra" from "zeb" (the palette searches as one types); quoted
 * phrases and exclusions stay exact, as they do on the web. A word's exact form still counts
 * (websearch_to_tsquery of the word), because the parser keeps some tokens whole that the
 * prefix form splits ("3.14", "e-mail"). GIN indexes serve prefix matches (`:*`), so the plan is
 * the same as for whole words. Each word and phrase goes through quire_search_text, as the
 * indexed text does, and the configuration drops accents on both sides. A Chinese or Japanese
 * word is the phrase of its characters (天気: '天' <-> '気'), found anywhere in a run of them; a
 * Thai, Lao, Khmer or Burmese run the phrase of its words (กินข้าว: 'กิน' <-> 'ข้าว':*), the last a prefix.
 */
export function searchTsQuery(text: string): SQL {
  const config = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);
  // Each group in parentheses: && and || are operators of one precedence in SQL, so
  // `a && b || c && d` would be ((a && b) || c) && d.
  const groups = parseSearchQuery(text).map((group) =>
    sql`(${joinSql(
      group.map((term) => termQuery(config, term)),
      " && ",
    )})`,
  );
  // An empty tsquery matches nothing, as websearch_to_tsquery of punctuation does.
  if (groups.length === 0) return sql`''::tsquery`;
  return sql`(${joinSql(groups, " || ")})`;
}

/**
 * For a query that looks for a phrase — quoted, or a Chinese or Japanese word of several
 * characters — the same query with each phrase loosened to its words, all of them anywhere
 * (plainto_tsquery), and excluded phrases left out, so every document matching the query matches
 * this one too. It has no phrase operator, so a GIN index answers it without reading a single
 * vector: the planner's estimate of it says how many documents a phrase check would have to read
 * (ranked-matches.ts). Null when no alternative looks for a phrase, or when one holds nothing but
 * excluded phrases: such an alternative matches most documents, and the plain query finds its
 * matches quickly.
 */
export function phraseWordsTsQuery(text: string): SQL | null {
  const config = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);
  const parsed = parseSearchQuery(text);
  const isPhrase = (term: SearchTerm) => term.kind === "phrase" || isSplitPhrase(term);
  if (!parsed.some((group) => group.some((term) => isPhrase(term) && !term.isExcluded))) return null;
  const groups: SQL[] = [];
  for (const group of parsed) {
    const terms = group.filter((term) => !(isPhrase(term) && term.isExcluded));
    if (terms.length === 0) return null;
    const loosened = terms.map((term) => {
      if (term.kind === "phrase") return sql`plainto_tsquery(${config}, ${searchText(term.text)})`;
      if (!isSplitPhrase(term)) return termQuery(config, term);
      // Its exact form's words, or its prefix form's parts, anywhere (or the prefix of one word).
      const parts = wordParts(term.text).map((part) => `'${part}':*`).join(" & ");
      const unsplit = unsplitPrefix(term);
      const words = sql`(plainto_tsquery(${config}, ${searchText(term.text)}) || to_tsquery(${config}, ${parts}::text))`;
      return unsplit ? sql`(${words} || to_tsquery(${config}, ${unsplit}::text))` : words;
    });
    groups.push(sql`(${joinSql(loosened, " && ")})`);
  }
  return sql`(${joinSql(groups, " || ")})`;
}

function termQuery(config: SQL, term: SearchTerm): SQL {
  if (term.kind === "phrase") {
    const phrase = sql`phraseto_tsquery(${config}, ${searchText(term.text)})`;
    return term.isExcluded ? sql`!!${phrase}` : phrase;
  }
  const exact = sql`websearch_to_tsquery(${config}, ${searchText(term.text)})`;
  if (term.isExcluded) return sql`!!${exact}`;
  const parts = prefixParts(term.text);
  if (parts.length === 0) return exact;
  const prefix = parts.map((part) => (part.isWhole ? `'${part.text}'` : `'${part.text}':*`)).join(" <-> ");
  const unsplit = unsplitPrefix(term);
  if (unsplit) return sql`(${exact} || to_tsquery(${config}, ${prefix}::text) || to_tsquery(${config}, ${unsplit}::text))`;
  return sql`(${exact} || to_tsquery(${config}, ${prefix}::text))`;
}

function joinSql(parts: SQL[], separator: string): SQL {
  return sql.join(parts, sql.raw(separator));
}
