import { MAX_INDEXED_CHARS } from "@/server/db/search-config";

/**
 * What markWordBreaks puts between two words of a run: a control character nobody types, which
 * quire_search_text (migration 0022) turns into the separator the parser reads as a space, and
 * which the snippet's window regular expression lets stand between any two letters.
 */
export const WORD_BREAK = "\u0004";

/**
 * Code points of the scripts written without spaces between words whose words ICU's dictionaries
 * find (Intl.Segmenter, granularity "word"): Thai, Lao, Myanmar (Burmese) and Khmer. PostgreSQL's
 * parser keeps a run of them as one word, so only its start could be found. Chinese and Japanese
 * are split into characters by the database itself (SPLIT_RANGES in search-config.ts).
 */
export const SEGMENTED_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0e00, 0x0e7f], // Thai
  [0x0e80, 0x0eff], // Lao
  [0x1000, 0x109f], // Myanmar
  [0x1780, 0x17ff], // Khmer
  [0x19e0, 0x19ff], // Khmer Symbols
  [0xa9e0, 0xa9ff], // Myanmar Extended-B
  [0xaa60, 0xaa7f], // Myanmar Extended-A
];

/** SEGMENTED_RANGES as the inside of a `[…]` class, for JavaScript (u flag) and PostgreSQL alike (all are in the BMP). */
export const SEGMENTED_CLASS = SEGMENTED_RANGES.map(([from, to]) => `\\u${hex(from)}-\\u${hex(to)}`).join("");

const RUN = new RegExp(`[${SEGMENTED_CLASS}]{2,}`, "gu");
const HAS_SEGMENTED = new RegExp(`[${SEGMENTED_CLASS}]`, "u");
// ICU's word rules for these scripts do not depend on the locale; "th" names one for clarity.
const segmenter = new Intl.Segmenter("th", { granularity: "word" });
// Intl.Segmenter is quadratic in the length of what it is given (V8: 130,000 characters of Thai
// took 7 s in one piece, 0.05–0.1 s in pieces), so a long run is segmented a piece at a time. The
// dictionaries look a few words ahead, so a piece's words within OVERLAP of its end are found again
// at the start of the next piece, which begins where the last word kept ends.
const PIECE = 1_000;
const OVERLAP = 200;

/**
 * `text` with WORD_BREAK between the words of each run of SEGMENTED_RANGES, as ICU's dictionaries
 * find them: "ฉันกินข้าว" is "ฉัน⁴กิน⁴ข้าว". Everything else is left as it is, so taking the breaks
 * out gives `text` back. The indexed title and body and every query go through it, so a word is
 * found wherever it stands in a run, and a query's run of several words is the phrase of them.
 */
export function markWordBreaks(text: string): string {
  if (!HAS_SEGMENTED.test(text)) return text;
  return text.replace(RUN, (run) => segmentRun(run).join(WORD_BREAK));
}

/** The title as the search vector reads it (`documents.segmented_title`): null when it has no word break to mark. */
export function segmentedTitle(title: string): string | null {
  const marked = markWordBreaks(title);
  return marked === title ? null : marked;
}

/**
 * The indexed part of a body's text (its first MAX_INDEXED_CHARS code points, PostgreSQL's
 * `left(text, n)`) as the search vector reads it (`documents.segmented_text`): null when it has
 * no word break to mark, which is most bodies.
 */
export function segmentedText(text: string): string | null {
  if (!HAS_SEGMENTED.test(text)) return null;
  const indexed = codePointPrefix(text, MAX_INDEXED_CHARS);
  const marked = markWordBreaks(indexed);
  return marked === indexed ? null : marked;
}

/** The words of a run, a piece of at most PIECE code units at a time. */
function segmentRun(run: string): string[] {
  const words: string[] = [];
  for (let at = 0; at < run.length; ) {
    const piece = run.slice(at, at + PIECE);
    const isLast = at + piece.length >= run.length;
    let kept = 0;
    for (const { segment, index } of segmenter.segment(piece)) {
      // The first word is always kept, so a word longer than a piece still moves on.
      if (!isLast && kept > 0 && index + segment.length > piece.length - OVERLAP) break;
      words.push(segment);
      kept = index + segment.length;
    }
    at += kept;
  }
  return words;
}

/** The first `count` code points of `text` (a surrogate pair is one, as in PostgreSQL). */
function codePointPrefix(text: string, count: number): string {
  if (text.length <= count) return text;
  let index = 0;
  for (let seen = 0; seen < count && index < text.length; seen += 1) {
    const code = text.charCodeAt(index);
    index += code >= 0xd800 && code <= 0xdbff && index + 1 < text.length ? 2 : 1;
  }
  return text.slice(0, index);
}

function hex(code: number): string {
  return code.toString(16).padStart(4, "0");
}
