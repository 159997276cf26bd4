import type { Extension, Hocuspocus, onConfigurePayload } from "@hocuspocus/server";
import { AUTH_REFUSED_REASON, CLOSE_FORBIDDEN } from "../../shared/collab/close-codes";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { documentAbilities } from "../policies/document-policy";
import { findDocumentForMember } from "../services/documents/find-document-for-member";
import type { CollabContext } from "./auth-extension";
import type { MembershipChange } from "../services/members/membership-changes";
import { onMembershipChange } from "../services/members/membership-changes";

/**
 * Applies role changes and removals to open connections (PRODUCT.md §5): when someone's
 * membership changes, each of their connections to that workspace's documents is checked
 * again with the document policy: no longer a member → closed (with the "no access" reason); otherwise read-only
 * exactly when they can no longer update.
 */
export class MembershipExtension implements Extension {
  private instance: Hocuspocus | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly getDb: () => Promise<Db>) {}

  async onConfigure({ instance }: onConfigurePayload): Promise<void> {
    this.instance = instance;
    this.unsubscribe = onMembershipChange((change) => this.recheck(change));
  }

  async onDestroy(): Promise<void> {
    this.unsubscribe?.();
  }

  private async recheck(change: MembershipChange): Promise<void> {
    const documents = this.instance ? [...this.instance.documents.values()] : [];
    const connections = documents.flatMap((document) => document.getConnections());
    for (const connection of connections) {
      const context = connection.context as Partial<CollabContext>; // set by AuthExtension.onAuthenticate
      if (!context.actor || context.actor.id !== change.userId || context.workspaceId !== change.workspaceId) continue;
      if (!context.documentId) continue;
      try {
        const doc = await findDocumentForMember({ db: await this.getDb(), actor: context.actor }, context.documentId);
        const abilities = documentAbilities(doc);
        if (!abilities.read) throw new AppError("forbidden", AUTH_REFUSED_REASON.forbidden);
        connection.readOnly = !abilities.update;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Hocuspocus 4 ends just this document's channel and sends the client the reason
        // (its provider reports code 1000 with it); the code is kept for the server's hooks.
        connection.close({ code: CLOSE_FORBIDDEN, reason: AUTH_REFUSED_REASON.forbidden });
      }
    }
  }
}
