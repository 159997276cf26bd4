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
import { loggableError } from "@/server/errors";
import { STORE_FAILING_MESSAGE } from "@/shared/protocol/close-codes";
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

/** A document whose stores keep failing is logged at its first failure and every this many after. */
const LOG_EVERY_FAILURES = 10;
/** How much earlier than its delay Node may fire a timer. */
const TIMER_SLACK_MS = 5;
/** The longest wait between two attempts to store a document whose stores keep failing. */
export const MAX_RETRY_WAIT_MS = 5 * 60_000;
/** Failures in a row after which the document's open editors are told (a worker dying fails one store, not three). */
export const TELL_EDITORS_AFTER_FAILURES = 3;

/** Per document whose last stores failed: how many in a row, when the next attempt is due, and when the retry was last scheduled. */
interface Failing {
  count: number;
  dueAt: number;
  scheduledAt: number;
}

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
  /** Per document whose last stores failed: the failures in a row and the next attempt. */
  private readonly failures = new Map<string, Failing>();

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
    const failing = this.failures.get(documentName);
    if (failing && this.options.retryFailedStores && this.isBackingOff(failing, payload)) {
      this.scheduleRetry(payload, failing);
      return;
    }
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
          console.error(`[webhooks] queueing document.updated for ${documentId} failed: ${loggableError(error).split("\n")[0]}`),
        );
      }
      await this.notifyNewMentions(db, documentName, documentId, mentions, actor?.id ?? writerIds.at(-1) ?? null);
      const failed = this.failures.get(documentName)?.count;
      if (failed) console.log(`[collab] document ${documentId} stored after ${failed} failed ${failed === 1 ? "store" : "stores"}`);
      if (failed && failed >= TELL_EDITORS_AFTER_FAILURES) document.broadcastStateless(JSON.stringify({ type: STORE_FAILING_MESSAGE, isFailing: false }));
      this.failures.delete(documentName);
    } catch (error) {
      // Not stored: its writers stay pending for the next attempt.
      for (const id of writers ?? []) this.writers.set(documentName, (this.writers.get(documentName) ?? new Set()).add(id));
      const failed = (this.failures.get(documentName)?.count ?? 0) + 1;
      // Each attempt costs the thread the whole state's encoding and the database the whole row,
      // so one that can't succeed (a document past what the database takes) is tried less and
      // less often: after the debounce, then twice as long each time, up to MAX_RETRY_WAIT_MS.
      const wait = Math.min(payload.instance.configuration.debounce * 2 ** (failed - 1), MAX_RETRY_WAIT_MS);
      const failing: Failing = { count: failed, dueAt: Date.now() + wait, scheduledAt: 0 };
      this.failures.set(documentName, failing);
      // Hocuspocus runs quiet: without this line a body that can no longer be stored fails unseen.
      // Never the error whole: drizzle's message carries the query's parameters, the body itself.
      if (failed === 1 || failed % LOG_EVERY_FAILURES === 0) {
        const detail = failed === 1 ? loggableError(error) : loggableError(error).split("\n")[0];
        console.error(`[collab] storing document ${documentId} failed${failed > 1 ? ` ${failed} times in a row` : ""}${this.options.retryFailedStores ? `; trying again in ${wait < 1000 ? `${wait} ms` : `${Math.round(wait / 1000)} s`}` : ""}: ${detail}`);
      }
      if (failed === TELL_EDITORS_AFTER_FAILURES) document.broadcastStateless(JSON.stringify({ type: STORE_FAILING_MESSAGE, isFailing: true }));
      // Hocuspocus logs a thrown error's message whole (its hooks()), so a short one is thrown.
      if (!this.options.retryFailedStores) throw new Error(loggableError(error).split("\n")[0], { cause: error });
      this.scheduleRetry(payload, failing);
    }
  }

  /**
   * Whether this store is a retry come too early: a store pending through Hocuspocus's debounce
   * ran on its own timer before the document's next attempt is due. A store run at once (the last
   * editor leaving, a shutdown's flushPendingStores) comes sooner than the debounce after it was
   * scheduled, and is attempted: so a shutdown still stores every document it can.
   */
  private isBackingOff(failing: Failing, payload: onStoreDocumentPayload): boolean {
    const now = Date.now();
    if (now >= failing.dueAt) return false;
    const debounce = payload.instance.configuration.debounce;
    // Node may fire a timer a millisecond early.
    return now - failing.scheduledAt >= debounce - TIMER_SLACK_MS;
  }

  // Hocuspocus keeps a document whose store failed in memory, but never stores it again, and
  // unloads it, unsaved, once its last connection goes (its only check is for a store still
  // pending). So the store is scheduled again through Hocuspocus's own debounce: while it is
  // pending the document stays loaded, a change meanwhile joins it, and a shutdown's
  // flushPendingStores runs it at once. A run before the attempt is due only schedules it again
  // (isBackingOff), costing nothing. Nothing is thrown, so Hocuspocus neither logs it again
  // every 2 s nor skips the other extensions' afterStoreDocument (Redis's releases its lock).
  private scheduleRetry(payload: onStoreDocumentPayload, failing: Failing): void {
    failing.scheduledAt = Date.now();
    void payload.instance.storeDocumentHooks(payload.document, payload);
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
      console.error(`[notifications] body mentions of ${documentId} failed: ${loggableError(error).split("\n")[0]}`),
    );
  }
}
