import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { documents } from "@/server/db/schema";
import { indexedTextSql, SEARCH_CONFIG, SEARCH_SEPARATOR, SEARCH_TEXT_FUNCTION, SPLIT_CLASS } from "@/server/db/search-config";
import { markWordBreaks, SEGMENTED_CLASS, WORD_BREAK } from "@/server/db/word-breaks";
import { parseSearchQuery, searchTsQuery } from "@/server/services/search/internal/search-query";
import { HIGHLIGHT_START, HIGHLIGHT_STOP, snippetHtml } from "@/server/presenters/snippet-html";

// A Chinese or Japanese character is a word (quire_search_text), so 24 of them are half a line:
// a query holding some gets fragments twice as long, about as wide on the page; Thai, Lao, Khmer and
// Burmese words are short too (three or four letters, some of them marks that take no room).
const headlineOptions = (maxWords: number, minWords: number) =>
  `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxFragments=2, MaxWords=${maxWords}, MinWords=${minWords}, ShortWord=2, ` +
  `FragmentDelimiter=" … "`;
const HEADLINE_OPTIONS = headlineOptions(24, 10);
const SPLIT_HEADLINE_OPTIONS = headlineOptions(48, 20);
/** Characters of text ts_headline reads: from WINDOW_BEFORE before the first match on. */
const WINDOW_CHARS = 800;
const WINDOW_BEFORE = 200;

const SPLIT_LETTER = `(?=[\\p{L}\\p{N}])[${SPLIT_CLASS}]`;
const SPLIT_RUN = new RegExp(`(?:${SPLIT_LETTER})+`, "gu");
const MARKED_SPLIT_CHAR = new RegExp(`${HIGHLIGHT_START}(${SPLIT_LETTER})${HIGHLIGHT_STOP}`, "gu");
const SEGMENTED_RUN = new RegExp(`[${SEGMENTED_CLASS}]+`, "gu");
const MARKED_SEGMENTED_WORD = new RegExp(`${HIGHLIGHT_START}([${SEGMENTED_CLASS}]+)${HIGHLIGHT_STOP}`, "gu");

/**
 * For each document id, an HTML-safe excerpt of its body with the query's matches in `<mark>`
 * (snippetHtml). ts_headline parses all the text it is given (about 1 ms per 500 words on
 * PGlite, and a 1,000,000-character body would take seconds), so it reads a window of
 * WINDOW_CHARS (about 130 words, room for two 24-word fragments) around the first place a query
 * word occurs, found with a regular expression. The window is read from the indexed text with its
 * word breaks (segmented_text) and goes through quire_search_text, as the vector did, and the
 * separators are taken out of the result again.
 */
export async function listSnippets(db: Db, ids: string[], text: string): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const config = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);
  const query = searchTsQuery(text);
  const words = queryWords(text);
  const runs = splitRuns(text);
  const segmented = segmentedRuns(text);
  const body = sql.raw(indexedTextSql(`"documents"`));
  // Case- and accent-insensitive, at a word's start (\m), as words match as prefixes; 1 (the
  // start) when no word is found.
  const first = words.length
    ? sql`coalesce(nullif(regexp_instr(${body}, ${`(?:${words.map(wordPattern).join("|")})`}::text, 1, 1, 0, 'i'), 0), 1)`
    : sql`1`;
  const window = sql`substr(${body}, greatest(1, ${first} - ${sql.raw(String(WINDOW_BEFORE))}), ${sql.raw(String(WINDOW_CHARS))})`;
  // The two mark characters are stripped from the text, so only ts_headline's marks remain.
  const searched = sql`${sql.raw(SEARCH_TEXT_FUNCTION)}(translate(${window}, ${HIGHLIGHT_START + HIGHLIGHT_STOP}::text, ''))`;
  const options = runs.length > 0 || segmented.length > 0 ? SPLIT_HEADLINE_OPTIONS : HEADLINE_OPTIONS;
  const rows = await db
    .select({ id: documents.id, headline: sql<string>`ts_headline(${config}, ${searched}, ${query}, ${options}::text)` })
    .from(documents)
    .where(inArray(documents.id, ids));
  return new Map(rows.map((row) => [row.id, snippetHtml(markSplitRuns(markSegmentedRuns(row.headline, segmented), runs))]));
}

/** The words a websearch query looks for, roughly as the parser splits them: not after "-", not "or". */
export function queryWords(text: string): string[] {
  const words = new Set<string>();
  for (const match of text.matchAll(/(^|[\s"(])(-?)([\p{L}\p{M}\p{N}_]+)/gu)) {
    const word = (match[3] ?? "").toLowerCase();
    if (match[2] === "-" || word === "or") continue;
    words.add(word);
    if (words.size === 20) break;
  }
  return [...words];
}

/**
 * The Chinese and Japanese runs the query looks for (not excluded), longest first: ts_headline
 * marks each of their characters wherever it stands, markSplitRuns marks the runs instead.
 */
export function splitRuns(text: string): string[] {
  const runs = new Set<string>();
  for (const term of parseSearchQuery(text).flat()) {
    if (term.isExcluded) continue;
    for (const run of term.text.match(SPLIT_RUN) ?? []) runs.add(run);
  }
  return [...runs].sort((a, b) => b.length - a.length);
}

/** A Thai, Lao, Khmer or Burmese run the query looks for, as its words (markWordBreaks). */
export interface SegmentedRun {
  words: string[];
  /** A word typed (its last word may be the start of a longer one), not a "quoted phrase". */
  isPrefix: boolean;
}

/** The Thai, Lao, Khmer and Burmese runs the query looks for (not excluded), each as its words. */
export function segmentedRuns(text: string): SegmentedRun[] {
  const found: SegmentedRun[] = [];
  for (const term of parseSearchQuery(text).flat()) {
    if (term.isExcluded) continue;
    for (const run of term.text.match(SEGMENTED_RUN) ?? []) found.push({ words: markWordBreaks(run).split(WORD_BREAK), isPrefix: term.kind === "word" });
  }
  return found;
}

/**
 * `headline` (ts_headline's, with quire_search_text's separators, which stand between the words of
 * a Thai, Lao, Khmer or Burmese run) with those scripts' words marked where they are the words of
 * one of `runs` in a row, rather than wherever one of them stands: ts_headline marks each word of
 * a query's กินข้าว, and so every กิน of the text. A typed word's last word matches as a prefix, as
 * it does in the query (โรง marks โรงเรียน), and so does the run in one word, where the
 * dictionary kept it inside a longer one. The separators stay, for markSplitRuns.
 */
export function markSegmentedRuns(headline: string, runs: SegmentedRun[]): string {
  if (runs.length === 0) return headline;
  const text = headline.replace(MARKED_SEGMENTED_WORD, "$1");
  const marked = new Array<boolean>(text.length).fill(false);
  const letter = `[${SEGMENTED_CLASS}]`;
  for (const run of runs) {
    const end = run.isPrefix ? `${letter}*` : `(?!${letter})`;
    const asWords = run.words.map(escapeRegExp).join(SEARCH_SEPARATOR);
    const pattern = new RegExp(`(?<!${letter})(?:${asWords}|${escapeRegExp(run.words.join(""))})${end}`, "gu");
    for (const match of text.matchAll(pattern)) marked.fill(true, match.index, match.index + match[0].length);
  }
  return withMarks(text, marked);
}

/**
 * `headline` (ts_headline's, with quire_search_text's separators) as written, its Chinese and
 * Japanese characters marked where they are one of `runs` rather than one by one: a query's 天気
 * marks 天気, not the 天 of 天ぷら. Marks that touch are joined, so 天気 (and กินข้าว) is one `<mark>`.
 */
export function markSplitRuns(headline: string, runs: string[]): string {
  let text = headline.replaceAll(SEARCH_SEPARATOR, "");
  if (runs.length === 0) return joinTouchingMarks(text);
  text = text.replace(MARKED_SPLIT_CHAR, "$1");
  const marked = new Array<boolean>(text.length).fill(false);
  for (const run of runs) {
    for (let at = text.indexOf(run); at !== -1; at = text.indexOf(run, at + 1)) marked.fill(true, at, at + run.length);
  }
  return joinTouchingMarks(withMarks(text, marked));
}

/** `text` with each stretch of `marked` characters in a mark. */
function withMarks(text: string, marked: boolean[]): string {
  let out = "";
  for (let i = 0; i < text.length; i += 1) {
    if (marked[i] && !marked[i - 1]) out += HIGHLIGHT_START;
    out += text[i];
    if (marked[i] && !marked[i + 1]) out += HIGHLIGHT_STOP;
  }
  return out;
}

function joinTouchingMarks(text: string): string {
  return text.replaceAll(HIGHLIGHT_STOP + HIGHLIGHT_START, "");
}

// Each letter unaccent takes to a base letter, for the window's regular expression: "cafe" must
// find the "café" the index matched, "café" the "cafe". Built from Unicode decompositions (é is e
// and an accent), plus letters with a stroke, which have none.
const FOLDS = (() => {
  const folds = new Map<string, Set<string>>();
  const add = (letter: string, base: string) => folds.set(base, (folds.get(base) ?? new Set([base])).add(letter));
  for (const [from, to] of [[0xc0, 0x24f], [0x1e00, 0x1eff]] as const) {
    for (let code = from; code <= to; code += 1) {
      const letter = String.fromCodePoint(code).toLowerCase();
      const base = letter.normalize("NFD").replace(/\p{M}/gu, "");
      if (letter.length === 1 && base.length === 1 && base !== letter) add(letter, base);
    }
  }
  for (const [letter, base] of [["ø", "o"], ["ł", "l"], ["đ", "d"], ["ħ", "h"], ["ı", "i"], ["ŧ", "t"], ["ё", "е"], ["й", "и"]] as const) add(letter, base);
  return folds;
})();
const BASES = new Map([...FOLDS].flatMap(([base, letters]) => [...letters].map((letter) => [letter, base] as const)));
const FOLD_PAIRS: Record<string, string> = { ss: "ß", ae: "æ", oe: "œ" };

/**
 * The PostgreSQL regular expression for where a query word occurs: at a word's start, any accent
 * and either case for its letters (the database's collation may be C, which folds only ASCII under
 * the 'i' flag); a Chinese or Japanese word anywhere, as it may stand in the middle of a run; a
 * Thai, Lao, Khmer or Burmese word where a word of the run starts (after a word break, or where
 * the run does), with a word break allowed between any two of its letters.
 */
function wordPattern(word: string): string {
  if (new RegExp(`^[${SEGMENTED_CLASS}]`, "u").test(word)) {
    const letters = [...word].map((letter) => escapeRegExp(letter));
    return `(?<![${SEGMENTED_CLASS}])${letters.join(`${WORD_BREAK}?`)}`;
  }
  const letters = [...word.normalize("NFC")].map((letter) => BASES.get(letter) ?? letter);
  let pattern = "";
  for (let i = 0; i < letters.length; i += 1) {
    const pair = FOLD_PAIRS[`${letters[i]}${letters[i + 1] ?? ""}`];
    if (pair) {
      pattern += `(?:${letters[i]}${letters[i + 1]}|${pair})`;
      i += 1;
      continue;
    }
    const letter = letters[i]!;
    const spelled = Object.keys(FOLD_PAIRS).find((key) => FOLD_PAIRS[key] === letter);
    if (spelled) {
      pattern += `(?:${spelled}|${letter})`;
      continue;
    }
    const variants = new Set<string>();
    for (const variant of FOLDS.get(letter) ?? [letter]) {
      variants.add(variant);
      if ([...variant.toUpperCase()].length === 1) variants.add(variant.toUpperCase());
    }
    pattern += variants.size > 1 ? `[${[...variants].join("")}]` : escapeRegExp(letter);
  }
  return new RegExp(`^${SPLIT_LETTER}`, "u").test(word) ? pattern : `\\m${pattern}`;
}

function escapeRegExp(word: string): string {
  return word.replace(/[\\^$.|?*+()[\]{}]/g, "\\$&");
}
