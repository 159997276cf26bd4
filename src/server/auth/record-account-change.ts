import { eq } from "drizzle-orm";
import type { AuditEventKind } from "@/shared/audit-events";
import type { Db } from "@/server/db/client";
import { auditEvents, memberships, users } from "@/server/db/schema";
import { personLabel } from "@/shared/person-label";

/**
 * A change to an account's sign-in security made inside better-auth, recorded as the profile's use
 * cases record theirs (services/audit/internal/record-account-event.ts): in every workspace of the
 * person, who is its actor, with their address as target. auth-database-hooks.ts records turning
 * two-factor on here because its endpoint, /two-factor/verify-totp, is also the sign-in's second
 * step and stays open over HTTP; the other changes' endpoints are closed over HTTP
 * (disabled-auth-paths.ts), so only the use cases make them.
 */
export async function recordAccountChange(db: Db, change: { userId: string; kind: AuditEventKind; clientIp: string | null }): Promise<void> {
  const [account] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, change.userId)).limit(1);
  if (!account) return;
  const workspaces = await db.select({ id: memberships.workspaceId }).from(memberships).where(eq(memberships.userId, account.id));
  if (workspaces.length === 0) return;
  const at = new Date();
  await db.insert(auditEvents).values(
    workspaces.map(({ id }) => ({
      workspaceId: id,
      kind: change.kind,
      actorId: account.id,
      actorLabel: personLabel(account),
      targetId: account.id,
      targetLabel: account.email,
      details: {},
      ipAddress: change.clientIp,
      createdAt: at,
    })),
  );
}

/**
 * recordAccountChange for better-auth's session hook (auth-database-hooks.ts): as for sign-ins,
 * the change is made by then and stays whether or not it could be recorded, so a failure is
 * logged, not thrown.
 */
export async function recordAccountChangeSafely(db: Db, change: Parameters<typeof recordAccountChange>[1]): Promise<void> {
  try {
    await recordAccountChange(db, change);
  } catch (error) {
    console.error(`[audit] could not record ${change.kind}:`, error instanceof Error ? error.message : error);
  }
}

/**
 * Whether a password sign-in of this account stops at the second factor: with two-factor on,
 * better-auth's plugin deletes the session the password step made and asks for a code (no device
 * is ever trusted, auth/no-trusted-devices.ts), so that session is no sign-in.
 */
export async function awaitsSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [account] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId)).limit(1);
  return account?.on === true;
}
