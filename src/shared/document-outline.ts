import slugify from "@sindresorhus/slugify";

/** The heading levels the contents list shows: the ones the toolbar makes. */
export const OUTLINE_LEVELS = [1, 2, 3] as const;
export type OutlineLevel = (typeof OUTLINE_LEVELS)[number];

/** One entry of a document's contents: a heading, and the anchor that links to it (`#h-…`). */
export interface OutlineEntry {
  level: OutlineLevel;
  text: string;
  anchor: string;
}

// Prefixed, so a heading called "main" or "editor" never takes an id the page itself uses.
const PREFIX = "h-";
const MAX_SLUG = 60;
// What a Unicode slug keeps: letters with their combining marks (Devanagari's vowel signs, Thai's
// tones), digits, and emoji with the joiners, selectors and modifiers that compose them.
const NOT_KEPT = /[^\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u200d\ufe0f]+/gu;
const NAMES_SOMETHING = /[\p{L}\p{N}\p{Extended_Pictographic}\p{Regional_Indicator}]/u;

/**
 * The anchors of a document's headings, in order: the heading's text as a slug (`h-project-goals`),
 * with `-2`, `-3`… for a repeat. The editor (from Quill's lines) and the published page (from
 * the stored HTML) both name headings through here, so a `#h-…` link copied from one opens the
 * same heading in the other; an anchor stays as long as the heading's text and the headings
 * before it with the same slug do. Text that transliterates to Latin (Latin with accents,
 * Cyrillic, Greek…) gives the transliterated slug (`h-ueber-cafe`, `h-privet-mir`); text with
 * nothing that does (Chinese, Japanese, Korean, emoji…) keeps its own characters, lower-cased
 * (`h-概要`, `h-🎉`), as GitHub's anchors do. Only what has neither is `h-section`.
 */
export function outlineOf(headings: ReadonlyArray<{ level: number; text: string }>): OutlineEntry[] {
  const used = new Map<string, number>();
  const entries: OutlineEntry[] = [];
  for (const { level, text } of headings) {
    if (!isOutlineLevel(level)) continue;
    const label = text.replace(/\s+/g, " ").trim();
    if (!label) continue;
    // Transliterated first, as every anchor made so far was: links already shared keep working.
    const slug = slugify(label, { lowercase: true }).slice(0, MAX_SLUG).replace(/-+$/, "") || unicodeSlug(label) || "section";
    const seen = used.get(slug) ?? 0;
    used.set(slug, seen + 1);
    entries.push({ level, text: label, anchor: `${PREFIX}${seen === 0 ? slug : `${slug}-${seen + 1}`}` });
  }
  return entries;
}

/**
 * `label` lower-cased with every run of anything but letters, digits and emoji made one `-`, at
 * most 60 characters (code points, so no emoji is cut in half); "" when it names nothing.
 */
function unicodeSlug(label: string): string {
  const slug = label.toLowerCase().normalize("NFC").replace(NOT_KEPT, "-");
  const cut = Array.from(slug).slice(0, MAX_SLUG).join("").replace(/^-+|[-\u200d]+$/g, "");
  return NAMES_SOMETHING.test(cut) ? cut : "";
}

export function isOutlineLevel(level: number): level is OutlineLevel {
  return (OUTLINE_LEVELS as readonly number[]).includes(level);
}
