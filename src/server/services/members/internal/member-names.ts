import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { memberships, users } from "@/server/db/schema";
import type { MentionNameLookup } from "@/shared/mention-format";

/**
 * The current names of a workspace's members, by user id: what a mention shows
 * (docs/product.md "Mentions"). Checks no access: the caller has read the workspace already.
 * A mentioned person who is no longer a member is not in it, and shows their stored name.
 */
export async function memberNames(db: Db, workspaceId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** memberNames as a lookup, queried at most once and only when a body holds a mention. */
export function lazyMemberNames(db: Db, workspaceId: string): () => Promise<MentionNameLookup> {
  let names: Promise<Map<string, string>> | null = null;
  return async () => {
    names ??= memberNames(db, workspaceId);
    const map = await names;
    return (id) => map.get(id);
  };
}
