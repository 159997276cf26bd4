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

/**
 * The anchors of a document's headings, in order: the heading's text as a slug (`h-project-goals`),
 * with `-2`, `-3`… for a repeat. The editor (from Quill's lines) and the published page (from
 * the stored HTML) both name headings through here, so a `#h-…` link copied from one opens the
 * same heading in the other; an anchor stays as long as the heading's text and the headings
 * before it with the same text do.
 */
export function outlineOf(headings: ReadonlyArray<{ level: number; text: string }>): OutlineEntry[] {
  const used = new Map<string, number>();
  const entries: OutlineEntry[] = [];
  for (const { level, text } of headings) {
    if (!isOutlineLevel(level)) continue;
    const label = text.replace(/\s+/g, " ").trim();
    if (!label) continue;
    const slug = slugify(label, { lowercase: true }).slice(0, MAX_SLUG).replace(/-+$/, "") || "section";
    const seen = used.get(slug) ?? 0;
    used.set(slug, seen + 1);
    entries.push({ level, text: label, anchor: `${PREFIX}${seen === 0 ? slug : `${slug}-${seen + 1}`}` });
  }
  return entries;
}

export function isOutlineLevel(level: number): level is OutlineLevel {
  return (OUTLINE_LEVELS as readonly number[]).includes(level);
}
