import type { RevisionDto } from "@/shared/schemas/revision";

/** What a revision is called on the timeline: its name, or what made it. */
export function revisionLabel(revision: Pick<RevisionDto, "kind" | "name">): string {
  if (revision.kind === "named") return revision.name ?? "Named version";
  return revision.kind === "restore" ? "Before a restore" : "Autosaved";
}

/** The kind as a short badge text. */
export const KIND_BADGE: Record<RevisionDto["kind"], string> = { auto: "Auto", named: "Named", restore: "Restore" };

/** "by Ada · edits by Ada, Bob · 1,234 characters". */
export function revisionDetails(revision: RevisionDto): string {
  const parts: string[] = [];
  if (revision.createdBy) parts.push(`by ${revision.createdBy.name}`);
  if (revision.authors.length > 0) parts.push(`edits by ${revision.authors.map((a) => a.name).join(", ")}`);
  parts.push(`${revision.size.toLocaleString("en")} character${revision.size === 1 ? "" : "s"}`);
  return parts.join(" · ");
}
