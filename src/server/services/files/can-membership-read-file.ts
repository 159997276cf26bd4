import { and, eq, sql } from "drizzle-orm";
import type { PublicContext } from "@/server/context";
import { documents, files, memberships, users, workspaces } from "@/server/db/schema";
import { TWO_FACTOR_REQUIRED, roleOrRefusal } from "@/server/auth/effective-role";
import { documentAbilities } from "@/server/policies/document-policy";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the member a page's image was signed for (their membership's row id) may still read the
 * file, by readFile's rule: still a member of the file's workspace (a removed member's membership
 * row is gone, and one who rejoins has a new one), not refused for want of two-factor, with a role
 * that reads the file's document, trashed or purged ones included. One query by primary keys.
 */
export async function canMembershipReadFile({ db }: PublicContext, membershipId: string, fileId: string): Promise<boolean> {
  if (!UUID.test(membershipId)) return false; // names no membership, and the query would fail on it
  const [row] = await db
    .select({
      role: memberships.role,
      workspaceId: memberships.workspaceId,
      // Scalar subqueries, each one primary-key lookup, rather than joins: PGlite spent longer
      // planning the five-table join than running it, twice this query's time in all
      // (docs/benchmarks.md "Signed image reads").
      requireTwoFactor: sql<boolean>`(select ${workspaces.requireTwoFactor} from ${workspaces} where ${workspaces.id} = ${memberships.workspaceId})`,
      twoFactorEnabled: sql<boolean>`(select ${users.twoFactorEnabled} from ${users} where ${users.id} = ${memberships.userId})`,
      hasPassword: sql<boolean>`(select ${users.hasPassword} from ${users} where ${users.id} = ${memberships.userId})`,
      // Null for a file whose document was purged: not trashed, the file still the workspace's.
      isTrashed: sql<boolean | null>`(select ${documents.deletedAt} is not null from ${documents} where ${documents.id} = ${files.documentId})`,
    })
    .from(memberships)
    .innerJoin(files, and(eq(files.id, fileId), eq(files.workspaceId, memberships.workspaceId)))
    .where(eq(memberships.id, membershipId))
    .limit(1);
  if (!row) return false;
  // The member's two-factor state as it is now, read with the membership: a workspace that has
  // since required two-factor refuses them its images as it refuses them its pages.
  const role = roleOrRefusal(row, { actor: { twoFactorEnabled: row.twoFactorEnabled === true, passwordless: row.hasPassword === false } });
  if (role === null || role === TWO_FACTOR_REQUIRED) return false;
  return documentAbilities({ actorRole: role, isTrashed: row.isTrashed === true }).read;
}
