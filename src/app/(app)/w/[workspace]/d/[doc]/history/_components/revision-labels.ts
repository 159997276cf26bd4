import type { RevisionDto } from "@/shared/schemas/revision";

// UTC on both sides, so "Load more" entries rendered in the browser read like the server's.
const timeFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** What a revision is called on the timeline: its name, or what made it. */
export function revisionLabel(revision: Pick<RevisionDto, "kind" | "name">): string {
  if (revision.kind === "named") return revision.name ?? "Named version";
  return revision.kind === "restore" ? "Before a restore" : "Autosaved";
}

/** The kind as a short badge text. */
export const KIND_BADGE: Record<RevisionDto["kind"], string> = { auto: "Auto", named: "Named", restore: "Restore" };

/** "21 Nov 2026, 19:15 UTC". */
export function formatRevisionTime(iso: string): string {
  return `${timeFormat.format(new Date(iso))} UTC`;
}

/** "by Ada · edits by Ada, Bob · 1,234 characters". */
export function revisionDetails(revision: RevisionDto): string {
  const parts: string[] = [];
  if (revision.createdBy) parts.push(`by ${revision.createdBy.name}`);
  if (revision.authors.length > 0) parts.push(`edits by ${revision.authors.map((a) => a.name).join(", ")}`);
  parts.push(`${revision.size.toLocaleString("en")} character${revision.size === 1 ? "" : "s"}`);
  return parts.join(" · ");
}
