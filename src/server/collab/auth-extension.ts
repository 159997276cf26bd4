import type { Extension, onAuthenticatePayload } from "@hocuspocus/server";
import { AUTH_REFUSED_REASON } from "../../shared/collab/close-codes";
import { documentIdFromCollabName } from "../../shared/collab/document-name";
import type { Actor } from "../context";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { documentAbilities } from "../policies/document-policy";
import { findDocumentForMember } from "../services/documents/find-document-for-member";

/** Resolves the person behind a connection from its request headers (the session cookie). */
export type ResolveActor = (headers: Headers) => Promise<Actor | null>;

/** Per-connection state the collaboration hooks share. */
export interface CollabContext {
  actor: Actor;
  documentId: string;
  /** The document's workspace, so membership changes can find the connections they affect. */
  workspaceId: string;
}

/**
 * Admits a connection only for a signed-in member who can read the document; one who
 * can't update it (viewer, commenter) gets a read-only connection, whose document
 * updates the server refuses.
 */
export class AuthExtension implements Extension {
  constructor(
    private readonly resolveActor: ResolveActor,
    private readonly getDb: () => Promise<Db>,
  ) {}

  async onAuthenticate({ requestHeaders, documentName, connectionConfig }: onAuthenticatePayload): Promise<CollabContext> {
    const actor = await this.resolveActor(requestHeaders);
    if (!actor) throw new CollabRefusal(AUTH_REFUSED_REASON.unauthenticated);
    const documentId = documentIdFromCollabName(documentName);
    if (!documentId) throw new CollabRefusal(AUTH_REFUSED_REASON.forbidden);
    let workspaceId: string;
    try {
      const doc = await findDocumentForMember({ db: await this.getDb(), actor }, documentId);
      const abilities = documentAbilities(doc);
      if (!abilities.read) throw new CollabRefusal(AUTH_REFUSED_REASON.forbidden);
      connectionConfig.readOnly = !abilities.update;
      workspaceId = doc.workspaceId;
    } catch (error) {
      // Unknown, trashed or another workspace's document: the same answer as no access.
      if (error instanceof AppError) throw new CollabRefusal(AUTH_REFUSED_REASON.forbidden);
      throw error;
    }
    return { actor, documentId, workspaceId };
  }
}

/** A refused connection; Hocuspocus sends `reason` to the client in its permission-denied message. */
export class CollabRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "CollabRefusal";
  }
}
