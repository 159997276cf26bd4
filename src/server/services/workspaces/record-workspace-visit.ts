import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { memberships } from "@/server/db/schema";

// Visits closer together than this don't change which workspace was "last".
const VISIT_RESOLUTION_MS = 60_000;

/** Remembers that a member opened the workspace, for the redirect from `/`. Writes at most once a minute. */
export async function recordWorkspaceVisit(
  db: Db,
  membership: { membershipId: string; lastVisitedAt: Date },
  now = new Date(),
): Promise<void> {
  if (now.getTime() - membership.lastVisitedAt.getTime() < VISIT_RESOLUTION_MS) return;
  await db.update(memberships).set({ lastVisitedAt: now }).where(eq(memberships.id, membership.membershipId));
}
