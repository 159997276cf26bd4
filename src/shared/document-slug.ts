import slugify from "@sindresorhus/slugify";

const ID_PATTERN = /^[a-z0-9]{12}$/;

/** The `[doc]` URL segment: `title-slug-<id>`, or just the id for an untitled document. */
export function documentSegment(doc: { id: string; title: string }): string {
  const slug = slugify(doc.title, { lowercase: true }).slice(0, 60).replace(/-+$/, "");
  return slug ? `${slug}-${doc.id}` : doc.id;
}

/** The document id at the end of a `[doc]` segment, or null when the segment has none. */
export function documentIdFromSegment(segment: string): string | null {
  const id = segment.slice(segment.lastIndexOf("-") + 1);
  return ID_PATTERN.test(id) ? id : null;
}

/** The title to show: trimmed, or "Untitled". */
export function displayTitle(title: string): string {
  return title.trim() || "Untitled";
}
