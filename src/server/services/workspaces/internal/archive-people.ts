import { inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { users } from "@/server/db/schema";
import type { ArchivePerson } from "@/server/formats/archive/workspace-archive";

/**
 * Names and addresses of the people an archive mentions (revision authors, comment authors,
 * template authors): ids mean nothing on another instance, so the archive names them instead.
 */
export class ArchivePeople {
  private readonly known = new Map<string, ArchivePerson | null>();
  constructor(private readonly db: Db) {}

  /** Reads the people of `ids` not read yet, in one query; nulls are skipped. */
  async load(ids: ReadonlyArray<string | null>): Promise<void> {
    const missing = [...new Set(ids)].filter((id): id is string => id !== null && !this.known.has(id));
    if (missing.length === 0) return;
    const rows = await this.db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, missing));
    for (const id of missing) this.known.set(id, null);
    for (const row of rows) this.known.set(row.id, { name: row.name, email: row.email });
  }

  /** The person `id` names, or null for none or an account since deleted. */
  get(id: string | null): ArchivePerson | null {
    return id === null ? null : (this.known.get(id) ?? null);
  }
}

/** The member of the target workspace an archive's person is, matched by email; null for none. */
export function memberFor(members: ReadonlyMap<string, string>, person: ArchivePerson | null): string | null {
  return person ? (members.get(person.email.toLowerCase()) ?? null) : null;
}
