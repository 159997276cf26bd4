import type { Extension, afterUnloadDocumentPayload, onChangePayload, onLoadDocumentPayload, onStoreDocumentPayload } from "@hocuspocus/server";
import * as Y from "yjs";
import { documentIdFromCollabName } from "@/shared/protocol/document-name";
import type { Db } from "@/server/db/client";
import type { BodyWork } from "@/server/workers/body-work-contract";
import { bodyWork } from "@/server/workers/body-work";
import { loadDocumentState } from "@/server/services/documents/internal/load-document-state";
import { storeDocumentState } from "@/server/services/documents/internal/store-document-state";
import { enqueueDocumentUpdated } from "@/server/services/webhooks/internal/enqueue-document-updated";
import { bodyMentionIds } from "@/server/body/body-mentions";
import { notifyBodyMentions } from "@/server/services/notifications/internal/notify-body-mentions";
import type { CollabContext } from "./auth-extension";

export interface PersistenceOptions {
  /** The clock that decides when an `auto` revision is due (tests pass their own). */
  now?: () => Date;
  /** Where rendering runs; by default the process's body work (server.ts registers worker threads). */
  deriver?: Pick<BodyWork, "derive">;
  /**
   * Store a document again after a store fails, until one succeeds, keeping it loaded meanwhile.
   * The collaboration server's does; the private instance live-document.ts makes for one change
   * in a process without one (a script, a test) does not, as it is destroyed right after.
   */
  retryFailedStores?: boolean;
}

/** A document whose stores keep failing is logged at its first failure and every this many after (about once a minute at one store per 2 s). */
const LOG_EVERY_FAILURES = 30;

/**
 * Loads a document's Yjs state from the database and stores it back (Hocuspocus
 * debounces stores to one per 2 s of typing, and stores at once when the last client
 * leaves and on shutdown). The only save path for document bodies; each store may also
 * take an `auto` revision (storeDocumentState).
 */
export class PersistenceExtension implements Extension {
  private readonly renderer: Pick<BodyWork, "derive">;
  /** Per document name, who changed it since its last store: the next revision's authors. */
  private readonly writers = new Map<string, Set<string>>();
  /** Per loaded document, who its last stored (or loaded) body mentions: a store notifies only people new to it. */
  private readonly mentioned = new Map<string, Set<string>>();
  /** Per document whose last stores failed, how many in a row. */
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly getDb: () => Promise<Db>,
    private readonly options: PersistenceOptions = {},
  ) {
    this.renderer = options.deriver ?? bodyWork();
  }

  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    const documentId = documentIdFromCollabName(documentName);
    if (!documentId) return;
    const state = await loadDocumentState(await this.getDb(), documentId);
    if (state) Y.applyUpdate(document, state);
    this.mentioned.set(documentName, bodyMentionIds(document));
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload): Promise<void> {
    this.mentioned.delete(documentName);
    this.failures.delete(documentName);
  }

  async onChange({ documentName, context }: onChangePayload): Promise<void> {
    // A client's or a direct connection's change carries its context; one relayed from another
    // instance (Redis) carries none: that instance counted its writer.
    const actorId = (context as Partial<CollabContext> | undefined)?.actor?.id;
    if (!actorId) return;
    const set = this.writers.get(documentName) ?? new Set<string>();
    set.add(actorId);
    this.writers.set(documentName, set);
  }

  async onStoreDocument(payload: onStoreDocumentPayload): Promise<void> {
    const { documentName, document, lastContext } = payload;
    const documentId = documentIdFromCollabName(documentName);
    if (!documentId) return;
    // Taken before the first await: changes made while this store runs count for the next one.
    const writers = this.writers.get(documentName);
    this.writers.delete(documentName);
    const ydoc = Y.encodeStateAsUpdate(document);
    const actor = (lastContext as Partial<CollabContext> | undefined)?.actor;
    const mentions = bodyMentionIds(document);
    try {
      // The collaboration server renders on worker threads: a large body takes about a second,
      // which on this thread would hold up every keystroke relayed meanwhile.
      const derived = await this.renderer.derive(ydoc);
      const writerIds = [...(writers ?? []), ...(actor ? [actor.id] : [])];
      const now = this.options.now?.();
      const db = await this.getDb();
      await storeDocumentState(db, documentId, { ydoc, ...derived, updatedBy: actor?.id ?? null, writerIds, now });
      // Someone changed it (a store without writers is a direct connection that only read, or a
      // change relayed from the instance that counts it): tell the webhooks, at most once a minute.
      // After the store and outside it: a webhook's trouble never fails saving a body.
      if (writerIds.length > 0) {
        await enqueueDocumentUpdated(db, documentId, { actorId: actor?.id ?? writerIds.at(-1) ?? null, ...(now ? { at: now } : {}) }).catch((error: unknown) =>
          console.error(`[webhooks] queueing document.updated for ${documentId} failed:`, error instanceof Error ? error.message : error),
        );
      }
      await this.notifyNewMentions(db, documentName, documentId, mentions, actor?.id ?? writerIds.at(-1) ?? null);
      const failed = this.failures.get(documentName);
      if (failed) console.log(`[collab] document ${documentId} stored after ${failed} failed ${failed === 1 ? "store" : "stores"}`);
      this.failures.delete(documentName);
    } catch (error) {
      // Not stored: its writers stay pending for the next attempt.
      for (const id of writers ?? []) this.writers.set(documentName, (this.writers.get(documentName) ?? new Set()).add(id));
      const failed = (this.failures.get(documentName) ?? 0) + 1;
      this.failures.set(documentName, failed);
      // Hocuspocus runs quiet: without this line a body that can no longer be stored fails unseen.
      if (failed === 1 || failed % LOG_EVERY_FAILURES === 0) {
        const detail = failed === 1 && error instanceof Error ? (error.stack ?? error.message) : error instanceof Error ? error.message : error;
        console.error(`[collab] storing document ${documentId} failed${failed > 1 ? ` ${failed} times in a row` : ""}${this.options.retryFailedStores ? "; trying again" : ""}:`, detail);
      }
      if (!this.options.retryFailedStores) throw error;
      // Hocuspocus keeps a document whose store failed in memory, but never stores it again, and
      // unloads it, unsaved, once its last connection goes (its only check is for a store still
      // pending). So the store is scheduled again through Hocuspocus's own debounce: while it is
      // pending the document stays loaded, a change meanwhile joins it, and a shutdown's
      // flushPendingStores runs it at once. Nothing is thrown, so Hocuspocus neither logs it again
      // every 2 s nor skips the other extensions' afterStoreDocument (Redis's releases its lock).
      void payload.instance.storeDocumentHooks(document, payload);
    }
  }

  /**
   * Mentions in this store that the body stored before it lacked notify their people
   * (docs/product.md "Notifications"), attributed to the store's last writer: a store merges
   * everyone's changes of the last 2 s, and Yjs keeps no author per embed. After the store and
   * outside it: notifying never fails saving a body. A store without writers (one relayed from
   * another instance, which notifies itself) only updates what this one knows.
   */
  private async notifyNewMentions(db: Db, documentName: string, documentId: string, mentions: Set<string>, actorId: string | null): Promise<void> {
    const before = this.mentioned.get(documentName) ?? new Set<string>();
    this.mentioned.set(documentName, mentions);
    const added = [...mentions].filter((id) => !before.has(id));
    if (added.length === 0 || !actorId) return;
    await notifyBodyMentions(db, documentId, actorId, added).catch((error: unknown) =>
      console.error(`[notifications] body mentions of ${documentId} failed:`, error instanceof Error ? error.message : error),
    );
  }
}
