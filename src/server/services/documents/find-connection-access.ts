import { and, gt, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { documents, memberships, sessions } from "../../db/schema";
import type { Role } from "../../../shared/roles";

/** Who holds an open collaboration connection, on which document, through which session. */
export interface ConnectionKey {
  documentId: string;
  userId: string;
  sessionId: string | null;
}

/** What the policy needs to re-decide a connection, as the database has it now. */
export interface ConnectionAccess {
  /** null: not a member (any more), or the document is gone. */
  actorRole: Role | null;
  isTrashed: boolean;
  /** false once the session was signed out, revoked or has expired. */
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

  const docRows = await db
    .select({ id: documents.id, workspaceId: documents.workspaceId, deletedAt: documents.deletedAt })
    .from(documents)
    .where(inArray(documents.id, documentIds));
  const workspaceIds = [...new Set(docRows.map((d) => d.workspaceId))];
  const [memberRows, sessionRows] = await Promise.all([
    workspaceIds.length === 0
      ? []
      : db
          .select({ workspaceId: memberships.workspaceId, userId: memberships.userId, role: memberships.role })
          .from(memberships)
          .where(and(inArray(memberships.workspaceId, workspaceIds), inArray(memberships.userId, userIds))),
    sessionIds.length === 0
      ? []
      : db
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, new Date()))),
  ]);

  const docById = new Map(docRows.map((d) => [d.id, d]));
  const roleByMember = new Map(memberRows.map((m) => [`${m.workspaceId}:${m.userId}`, m.role]));
  const liveSessions = new Set(sessionRows.map((s) => s.id));
  return keys.map(({ documentId, userId, sessionId }) => {
    const doc = docById.get(documentId);
    return {
      actorRole: doc ? (roleByMember.get(`${doc.workspaceId}:${userId}`) ?? null) : null,
      isTrashed: !doc || doc.deletedAt !== null,
      isSessionLive: sessionId === null || liveSessions.has(sessionId),
    };
  });
}
