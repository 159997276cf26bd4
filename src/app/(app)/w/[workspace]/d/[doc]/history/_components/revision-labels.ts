import type { RevisionDto } from "@/shared/schemas/revision";

/** What a revision is called on the timeline: its name, or what made it. */
export function revisionLabel(revision: Pick<RevisionDto, "kind" | "name">): string {
  if (revision.kind === "named") return revision.name ?? "Named version";
  return revision.kind === "restore" ? "Before a restore" : "Autosaved";
}

/**
 * The kind as a short badge text, where the label doesn't already say it: a named version's label
 * is its name; "Autosaved" and "Before a restore" name their kind themselves.
 */
export const KIND_BADGE: Record<RevisionDto["kind"], string | null> = { auto: null, named: "Named", restore: null };

/** "by Ada · edits by Ada, Bob · 1,234 characters"; "by Ada · …" alone when Ada made every edit. */
export function revisionDetails(revision: RevisionDto): string {
  const parts: string[] = [];
  const { createdBy, authors } = revision;
  if (createdBy) parts.push(`by ${createdBy.name}`);
  const onlyCreator = createdBy !== null && authors.length === 1 && authors[0]?.id === createdBy.id;
  if (authors.length > 0 && !onlyCreator) parts.push(`edits by ${authors.map((a) => a.name).join(", ")}`);
  parts.push(`${revision.size.toLocaleString("en")} character${revision.size === 1 ? "" : "s"}`);
  return parts.join(" · ");
}
