import { eq } from "drizzle-orm";
import type { AuditDetails } from "@/shared/audit-events";
import type { Db } from "@/server/db/client";
import { auditEvents, memberships, users } from "@/server/db/schema";
import { personLabel } from "@/shared/person-label";

/**
 * A sign-in belongs to an account, not a workspace: it is recorded in every workspace the
 * account is a member of, where its admins look for it (docs/product.md "Audit log"). A
 * success names the person as actor; a failure has no actor (nobody proved who they are) and
 * names the account as its target. An address nobody has records nothing: it has no workspace.
 */
export async function recordSignIn(
  db: Db,
  attempt: { userId?: string; email?: string; succeeded: boolean; clientIp: string | null; details?: AuditDetails },
): Promise<void> {
  const [account] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(attempt.userId ? eq(users.id, attempt.userId) : eq(users.email, (attempt.email ?? "").trim().toLowerCase()))
    .limit(1);
  if (!account) return;
  const workspaces = await db.select({ id: memberships.workspaceId }).from(memberships).where(eq(memberships.userId, account.id));
  if (workspaces.length === 0) return;
  const label = personLabel(account);
  const at = new Date();
  await db.insert(auditEvents).values(
    workspaces.map(({ id }) => ({
      workspaceId: id,
      kind: attempt.succeeded ? ("account.signed_in" as const) : ("account.sign_in_failed" as const),
      actorId: attempt.succeeded ? account.id : null,
      actorLabel: attempt.succeeded ? label : null,
      targetId: account.id,
      targetLabel: label,
      details: attempt.details ?? {},
      ipAddress: attempt.clientIp,
      createdAt: at,
    })),
  );
}

/**
 * recordSignIn for better-auth's hooks (auth-database-hooks.ts, auth-request-hooks.ts): recording
 * must never stop someone signing in, so a failure is logged, not thrown.
 */
export async function recordSignInSafely(db: Db, attempt: Parameters<typeof recordSignIn>[1]): Promise<void> {
  try {
    await recordSignIn(db, attempt);
  } catch (error) {
    console.error("[audit] could not record a sign-in:", error instanceof Error ? error.message : error);
  }
}
