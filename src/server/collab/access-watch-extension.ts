import type { Connection, Extension, Hocuspocus, connectedPayload, onConfigurePayload } from "@hocuspocus/server";
import type { AccessLostReason } from "@/shared/protocol/close-codes";
import { ACCESS_CHANGED_MESSAGE, ACCESS_MESSAGE, CLOSE_FORBIDDEN } from "@/shared/protocol/close-codes";
import type { Db } from "@/server/db/client";
import { documentAbilities } from "@/server/policies/document-policy";
import type { ConnectionAccess } from "@/server/services/documents/internal/find-connection-access";
import { findConnectionAccess } from "@/server/services/documents/internal/find-connection-access";
import type { CollabContext } from "./auth-extension";

/** How often open connections are re-checked: a change of access takes effect within this plus one query. */
export const ACCESS_RECHECK_MS = 2_000;

/**
 * Re-decides every open connection's access through the policy module every
 * ACCESS_RECHECK_MS, so a removed member, a lowered role, a trashed document, an
 * ended session or a two-factor requirement the member doesn't meet takes effect on open editors within seconds (docs/product.md "Roles"), on every
 * instance, without the services that change access having to know about sockets.
 * One batched lookup per tick, whatever the number of connections.
 */
export class AccessWatchExtension implements Extension {
  private timer: ReturnType<typeof setInterval> | null = null;
  private isChecking = false;

  constructor(
    private readonly getDb: () => Promise<Db>,
    private readonly intervalMs = ACCESS_RECHECK_MS,
  ) {}

  async onConfigure({ instance }: onConfigurePayload): Promise<void> {
    this.timer = setInterval(() => void this.recheck(instance), this.intervalMs);
    this.timer.unref();
  }

  /**
   * Tells each new connection whether its updates are taken (AuthExtension decided it): an editor
   * that went offline as an editor and comes back a commenter would otherwise go on typing into a
   * document whose every change the server drops, and count on them as saved.
   */
  async connected({ connection }: connectedPayload): Promise<void> {
    connection.sendStateless(JSON.stringify({ type: ACCESS_MESSAGE, canEdit: !connection.readOnly }));
  }

  async onDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass over every open connection; skipped while the previous pass still runs. */
  async recheck(instance: Hocuspocus): Promise<void> {
    if (this.isChecking) return;
    this.isChecking = true;
    try {
      const open = [...instance.documents.values()].flatMap((document) => document.getConnections());
      const contexts = open.map((connection) => connection.context as CollabContext);
      const access = await findConnectionAccess(
        await this.getDb(),
        contexts.map(({ documentId, actor, sessionId, grant }) => ({ documentId, userId: actor.id, sessionId, grant })),
      );
      open.forEach((connection, i) => applyAccess(connection, access[i] as ConnectionAccess));
    } catch (error) {
      console.error("[collab] access re-check failed:", error instanceof Error ? error.message : error);
    } finally {
      this.isChecking = false;
    }
  }
}

function applyAccess(connection: Connection, access: ConnectionAccess): void {
  const abilities = documentAbilities(access);
  const lost: AccessLostReason | null = !access.isSessionLive
    ? "signedOut"
    : access.mustEnrolTwoFactor
      ? "twoFactorRequired"
      : access.isTrashed && access.actorRole
        ? "trashed"
        : !abilities.read
          ? "removed"
          : null;
  if (lost) {
    // Removes it from the document at once: it neither sends nor receives another change.
    connection.close({ code: CLOSE_FORBIDDEN, reason: lost });
    return;
  }
  const isReadOnly = !abilities.update;
  if (connection.readOnly === isReadOnly) return;
  connection.readOnly = isReadOnly;
  connection.sendStateless(JSON.stringify({ type: ACCESS_CHANGED_MESSAGE, canEdit: !isReadOnly }));
}
