import type { Extension, onAuthenticatePayload } from "@hocuspocus/server";
import type { AuthRefusedReason } from "@/shared/protocol/close-codes";
import { documentIdFromCollabName } from "@/shared/protocol/document-name";
import type { Caller } from "@/server/auth/resolve-caller";
import type { Actor, ApiGrant } from "@/server/context";
import type { Db } from "@/server/db/client";
import { AppError, TwoFactorRequiredError } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";

/** Who is behind a connection, from its request headers (server.ts: resolveCaller with tokens accepted). */
export type ResolveCaller = (headers: Headers) => Promise<Caller>;

/** Per-connection state the collaboration hooks share. */
export interface CollabContext {
  actor: Actor;
  /** Re-checked with the role by the AccessWatchExtension; null for credentials without a session. */
  sessionId: string | null;
  /** Set for an API token (re-checked too: revoked or expired closes the connection). */
  grant?: ApiGrant;
  documentId: string;
}

/**
 * Admits a connection only for a signed-in member who can read the document (and has two-factor
 * on, where the workspace requires it); one who can't update it (viewer, commenter) gets a read-only connection, whose document
 * updates the server refuses.
 */
export class AuthExtension implements Extension {
  constructor(
    private readonly resolveCaller: ResolveCaller,
    private readonly getDb: () => Promise<Db>,
  ) {}

  async onAuthenticate(payload: onAuthenticatePayload): Promise<CollabContext> {
    try {
      return await this.admit(payload);
    } catch (error) {
      if (error instanceof CollabRefusal) logFirstRefusal(payload, error.reason);
      throw error;
    }
  }

  private async admit({ requestHeaders, documentName, connectionConfig }: onAuthenticatePayload): Promise<CollabContext> {
    const caller = await this.resolveCaller(requestHeaders);
    if (caller.kind !== "session" && caller.kind !== "token") throw new CollabRefusal("unauthenticated");
    const grant = caller.kind === "token" ? caller.grant : undefined;
    const documentId = documentIdFromCollabName(documentName);
    if (!documentId) throw new CollabRefusal("forbidden");
    try {
      // An API token's grant caps it here too: its workspace only, read-only for the read scope.
      const doc = await findDocumentForMember({ db: await this.getDb(), actor: caller.actor, grant }, documentId, { includeTrashed: true });
      // A member who reconnects to a document trashed meanwhile (typed offline, say) is told so, as
      // an open editor is (AccessWatchExtension): their device keeps what they typed, and it is
      // saved if the document is restored. Only a member gets this far, and members see the trash.
      if (doc.isTrashed) throw new CollabRefusal("trashed");
      const abilities = documentAbilities(doc);
      if (!abilities.read) throw new CollabRefusal("forbidden");
      connectionConfig.readOnly = !abilities.update;
    } catch (error) {
      // A member who must turn two-factor on first is told so, as pages, actions and the API do.
      if (error instanceof TwoFactorRequiredError) throw new CollabRefusal("twoFactorRequired");
      if (error instanceof CollabRefusal) throw error;
      // Unknown or another workspace's document: the same answer as no access.
      if (error instanceof AppError) throw new CollabRefusal("forbidden");
      throw error;
    }
    const sessionId = caller.kind === "session" ? caller.sessionId : null;
    return { actor: caller.actor, sessionId, grant, documentId } satisfies CollabContext;
  }
}

/**
 * A refused connection; Hocuspocus sends `reason` (a code; the editor has the words) in its
 * permission-denied message. No `message`: Hocuspocus logs every failed hook's message, so one
 * socket naming 5,000 unknown documents wrote 5,000 lines; logFirstRefusal logs one a socket.
 */
export class CollabRefusal extends Error {
  constructor(readonly reason: AuthRefusedReason) {
    super("");
    this.name = "CollabRefusal";
  }
}

/** The sockets (by their upgrade request, which they keep) that already had a refusal logged. */
const refusalLogged = new WeakSet<object>();

function logFirstRefusal({ request, socketId, documentName }: onAuthenticatePayload, reason: AuthRefusedReason): void {
  if (refusalLogged.has(request)) return;
  refusalLogged.add(request);
  console.warn(`[collab] refused ${JSON.stringify(documentName.slice(0, 100))} (${reason}) on socket ${socketId}; its later refusals are not logged`);
}
