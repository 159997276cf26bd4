import type { beforeSyncPayload, Document, Extension } from "@hocuspocus/server";
import { messageYjsSyncStep2, messageYjsUpdate } from "y-protocols/sync";
import * as Y from "yjs";
import type { RefusedUpdateReason } from "@/shared/protocol/close-codes";
import { CLOSE_INVALID_UPDATE, UPDATE_ADJUSTED_MESSAGE } from "@/shared/protocol/close-codes";
import type { BodyGuardOptions } from "@/server/body/body-guard";
import { BodyGuard } from "@/server/body/body-guard";
import type { CollabContext } from "./auth-extension";
import { TurnBudget } from "./turn-budget";

/**
 * Makes every document update from a client safe before Hocuspocus applies, stores or relays
 * it (docs/product.md "Validation": the client is never trusted).
 *
 * Why `beforeSync`: Hocuspocus awaits it for each sync-step-2 and update message, with the
 * update's bytes, right before `readSyncStep2`/`readUpdate` apply them to the document
 * (@hocuspocus/server MessageReceiver.readSyncMessage); the document's "update" event, which
 * stores and broadcasts, only fires after that. So whatever this hook lets through is all that
 * can ever be stored or relayed.
 *
 * Why repair rather than refuse unsafe values: an honest editor can produce values the server's
 * rules are stricter about (Quill blanks a bad image as "//:0", allows sms: links and pasted
 * video iframes), and a refused client keeps the update locally and sends it again on every
 * reconnect, so refusing would lock it out of the document for good. Instead the guard applies
 * the update to a shadow copy, deletes the unsafe items there (their values are garbage-collected)
 * and writes the rules' safe values back (about:blank, ""), and the hook applies that repaired
 * update to the document itself. When Hocuspocus then applies the original bytes, every struct in
 * them is already known, so Yjs skips them: nothing unsafe is stored or relayed, the sender gets
 * the repair like everyone else and stays in sync, and it is told why (`UPDATE_ADJUSTED_MESSAGE`).
 * Updates that are not a Quill body at all (malformed bytes, nested types, other root types) are
 * refused: Hocuspocus closes the document connection with `CLOSE_INVALID_UPDATE`.
 *
 * So are updates past the size limits (`BodyGuard.checkSize`: too many items in one update, or
 * for the document), read-only connections' too, counted from the update's headers before
 * anything else reads it: applying one costs a few microseconds per item however small, and one
 * 9.9 MB message of 900,000 one-character items held the whole server for seconds (QA third
 * sweep #4). The limits sit far above what the editor sends (docs/architecture.md
 * "Collaboration"), since a refused client would offer the same update again on every reconnect.
 */
export class SanitizeExtension implements Extension {
  // Lowest priority: it runs after every other extension's beforeSync, so nothing else can refuse
  // the update between this check and Hocuspocus applying it.
  priority = 1;
  private readonly guards = new WeakMap<Document, BodyGuard>();
  private readonly turn = new TurnBudget(UPDATE_RUN_MS);

  constructor(private readonly options: BodyGuardOptions = {}) {}

  async beforeSync({ type, payload, document, documentName, connection, context }: beforeSyncPayload<Partial<CollabContext>>): Promise<void> {
    if (type !== messageYjsSyncStep2 && type !== messageYjsUpdate) return;
    const who = `document ${documentName}, user ${context.actor?.id ?? "unknown"}`;
    const guard = this.guardFor(document);
    // A burst of messages is handled in runs, other requests answered between (turn-budget.ts).
    await this.turn.take();
    if (connection.readOnly) {
      // Hocuspocus refuses a read-only connection's update itself, but decodes a sync step 2 whole
      // to answer it (Y.snapshotContainsUpdate): so its size is checked too.
      const oversize = guard.checkSize(payload);
      if (oversize) refuse(who, oversize);
      return;
    }
    const verdict = guard.check(payload);
    if (verdict.kind === "accept") return;
    if (verdict.kind === "refuse") refuse(who, verdict);
    console.warn(`[collab] repaired an update (${who}): ${verdict.reasons.join(", ")}`);
    // The same origin Hocuspocus would use, so onChange and the store see the sender's context.
    Y.applyUpdate(document, verdict.update, { source: "connection", connection });
    for (const reason of verdict.reasons) {
      connection.sendStateless(JSON.stringify({ type: UPDATE_ADJUSTED_MESSAGE, reason }));
    }
  }

  private guardFor(document: Document): BodyGuard {
    let guard = this.guards.get(document);
    if (!guard) {
      guard = new BodyGuard(document, this.options);
      this.guards.set(document, guard);
    }
    return guard;
  }
}

/** How long updates are checked and applied back to back before the next one rests as long (turn-budget.ts). */
const UPDATE_RUN_MS = 50;

function refuse(who: string, verdict: { reason: RefusedUpdateReason; problem: string }): never {
  console.warn(`[collab] refused an update (${who}): ${verdict.problem}`);
  throw new UpdateRefusal(verdict.reason);
}

/** Thrown to refuse an update; Hocuspocus closes the connection with this code and reason (Connection.processMessages). */
export class UpdateRefusal extends Error {
  readonly code = CLOSE_INVALID_UPDATE;

  /** @param reason a code: the editor has the words (REFUSED_UPDATE_TEXT) */
  constructor(readonly reason: RefusedUpdateReason) {
    super(reason === "invalid_update" ? "The update could not be made safe." : "The update is past the size limits.");
    this.name = "UpdateRefusal";
  }
}
