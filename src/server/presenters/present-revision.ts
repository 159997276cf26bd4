import type { RevisionDto } from "@/shared/schemas/revision";
import type { RevisionKind } from "@/shared/revisions";

/** A revision as the timeline lists it (no body). */
export interface RevisionRow {
  id: string;
  kind: RevisionKind;
  name: string | null;
  title: string;
  size: number;
  createdAt: Date;
  createdBy: string | null;
  authorIds: string[];
}

/** A timeline entry for the API and the history page, with people named (deleted accounts left out). */
export function presentRevision(revision: RevisionRow, people: Map<string, string>): RevisionDto {
  const person = (id: string) => {
    const name = people.get(id);
    return name === undefined ? null : { id, name };
  };
  return {
    id: revision.id,
    kind: revision.kind,
    name: revision.name,
    title: revision.title,
    size: revision.size,
    createdAt: revision.createdAt.toISOString(),
    createdBy: revision.createdBy ? person(revision.createdBy) : null,
    authors: revision.authorIds.map(person).filter((p) => p !== null),
  };
}
