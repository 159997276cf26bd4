import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { roleOrRefusal, TWO_FACTOR_REQUIRED } from "@/server/auth/effective-role";
import type { ApiGrant } from "@/server/context";
import type { Db } from "@/server/db/client";
import { apiTokens, documents, memberships, sessions, users, workspaces } from "@/server/db/schema";
import type { Role } from "@/shared/roles";

/** Who holds an open collaboration connection, on which document, through which session. */
export interface ConnectionKey {
  documentId: string;
  userId: string;
  sessionId: string | null;
  /** Set for a connection made with an API token: its role is capped by it, and it must stay live. */
  grant?: ApiGrant;
}

/** What the policy needs to re-decide a connection, as the database has it now. */
export interface ConnectionAccess {
  /** null: not a member (any more), the document is gone, or the member must turn two-factor on. */
  actorRole: Role | null;
  /** The workspace requires two-factor and the member's is off (now: it may have changed since they connected). */
  mustEnrolTwoFactor: boolean;
  isTrashed: boolean;
  /** false once the session (or the API token) was signed out, revoked or has expired. */
  isSessionLive: boolean;
}

/**
 * The current access of every open connection, in three batched queries however many
 * connections there are (the collaboration server re-checks them every few seconds).
 * Answers in the order of `keys`.
 */
export async function findConnectionAccess(db: Db, keys: ConnectionKey[]): Promise<ConnectionAccess[]> {
  if (keys.length === 0) return [];
  const documentIds = [...new Set(keys.map((k) => k.documentId))];
  const userIds = [...new Set(keys.map((k) => k.userId))];
  const sessionIds = [...new Set(keys.flatMap((k) => (k.sessionId ? [k.sessionId] : [])))];
  const tokenIds = [...new Set(keys.flatMap((k) => (k.grant ? [k.grant.tokenId] : [])))];

  const docRows = await db
    .select({ id: documents.id, workspaceId: documents.workspaceId, deletedAt: documents.deletedAt, requireTwoFactor: workspaces.requireTwoFactor })
    .from(documents)
    .innerJoin(workspaces, eq(workspaces.id, documents.workspaceId))
    .where(inArray(documents.id, documentIds));
  const workspaceIds = [...new Set(docRows.map((d) => d.workspaceId))];
  const now = new Date();
  const [memberRows, sessionRows, tokenRows] = await Promise.all([
    workspaceIds.length === 0
      ? []
      : db
          // The user's two-factor (and whether they have a password) as it is now, for sessions and tokens alike.
          .select({ workspaceId: memberships.workspaceId, userId: memberships.userId, role: memberships.role, twoFactorEnabled: users.twoFactorEnabled, hasPassword: users.hasPassword })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(inArray(memberships.workspaceId, workspaceIds), inArray(memberships.userId, userIds))),
    sessionIds.length === 0
      ? []
      : db
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, now))),
    tokenIds.length === 0
      ? []
      : db
          .select({ id: apiTokens.id })
          .from(apiTokens)
          .where(and(inArray(apiTokens.id, tokenIds), isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)))),
  ]);

  const docById = new Map(docRows.map((d) => [d.id, d]));
  const memberByKey = new Map(memberRows.map((m) => [`${m.workspaceId}:${m.userId}`, m]));
  const liveSessions = new Set(sessionRows.map((s) => s.id));
  const liveTokens = new Set(tokenRows.map((t) => t.id));
  return keys.map(({ documentId, userId, sessionId, grant }) => {
    const doc = docById.get(documentId);
    const member = doc ? memberByKey.get(`${doc.workspaceId}:${userId}`) : undefined;
    const role = doc
      ? roleOrRefusal({ role: member?.role ?? null, workspaceId: doc.workspaceId, requireTwoFactor: doc.requireTwoFactor }, { actor: { twoFactorEnabled: member?.twoFactorEnabled ?? false, passwordless: member?.hasPassword === false }, grant })
      : null;
    return {
      actorRole: role === TWO_FACTOR_REQUIRED ? null : role,
      mustEnrolTwoFactor: role === TWO_FACTOR_REQUIRED,
      isTrashed: !doc || doc.deletedAt !== null,
      isSessionLive: (sessionId === null || liveSessions.has(sessionId)) && (!grant || liveTokens.has(grant.tokenId)),
    };
  });
}
