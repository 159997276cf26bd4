import { eq } from "drizzle-orm";
import Delta from "quill-delta";
import * as Y from "yjs";
import type { RestoreRevisionInput } from "@/shared/schemas/revision";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { DOCUMENT_RENAMED_MESSAGE, VERSION_RESTORED_MESSAGE } from "@/shared/protocol/close-codes";
import { broadcastToEditors } from "@/server/services/documents/internal/editor-broadcasts";
import { liveDocuments } from "@/server/services/documents/internal/live-documents";
import type { ServiceContext } from "@/server/context";
import { documents } from "@/server/db/schema";
import { segmentedTitle } from "@/server/db/word-breaks";
import type { StoredDelta } from "@/server/db/schema";
import { bodyDelta } from "@/server/body/derive-document";
import { deltaToPlainText } from "@/server/body/render-delta-html";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import { reanchorAfterRestore } from "@/server/services/comments/internal/reanchor-after-restore";
import { insertRevision } from "@/server/services/revisions/internal/insert-revision";
import { diffDocuments } from "@/shared/bounded-diff";
import { findRevision } from "./read-revision";

/**
 * "Restore this version" (editors and up): records the current text and title as a `restore`
 * revision, then turns the live document's body into the revision's through the collaboration
 * server, as one Yjs change (the diff from the current body), so open editors update at once
 * and edits made meanwhile merge rather than vanish. The title comes back too. The restorer
 * is the change's writer and the document's updater. Open editors are told who restored which
 * version and which revision keeps the text it replaced (docs/product.md "History and restore").
 * @throws AppError not_found | forbidden
 */
export async function restoreRevision(ctx: ServiceContext, input: RestoreRevisionInput, now = new Date()) {
  const doc = await findDocumentForMember(ctx, input.documentId);
  authorize(documentAbilities(doc).restoreVersion, "Viewers and commenters can't restore versions.");
  const target = await findRevision(ctx, doc.id, input.revisionId);
  const restorePoint = await liveDocuments().open(ctx.db, { actor: ctx.actor, documentId: doc.id }, async (live) => {
    const keep = (delta: StoredDelta, at: Date) =>
      insertRevision(ctx.db, { documentId: doc.id, kind: "restore", name: null, title: doc.title, delta, text: deltaToPlainText(delta), createdBy: ctx.actor.id, now: at });
    // The text is kept before it is replaced, so a crash between the two loses nothing.
    const taken = Y.snapshot(live.doc);
    let saved = await keep(bodyDelta(live.doc), now);
    // Computed inside the transaction, from the body as it is then. Edits that arrived while the
    // revision was being saved are replaced too, so the text they made is taken again in the same
    // transaction and kept in a second revision: nothing typed is replaced without being kept.
    let change = new Delta();
    let late: StoredDelta | null = null;
    await live.transact((ydoc) => {
      if (!Y.equalSnapshots(taken, Y.snapshot(ydoc))) late = bodyDelta(ydoc);
      change = replaceBody(ydoc, target.delta);
    });
    if (late) saved = await keep(late, new Date(Math.max(now.getTime() + 1, Date.now())));
    // Threads whose words the restore brought back: new Yjs items, which their anchors don't follow.
    await reanchorAfterRestore(ctx.db, doc.id, live.doc, live.doc.getText(BODY_YTEXT), change);
    return saved;
  });
  if (target.title !== doc.title) {
    await ctx.db.update(documents).set({ title: target.title, segmentedTitle: segmentedTitle(target.title), updatedBy: ctx.actor.id }).where(eq(documents.id, doc.id));
    broadcastToEditors(doc.id, JSON.stringify({ type: DOCUMENT_RENAMED_MESSAGE, title: target.title }));
  }
  // Someone typing sees the text change under them: they are told why, and where their words went.
  broadcastToEditors(
    doc.id,
    JSON.stringify({
      type: VERSION_RESTORED_MESSAGE,
      by: { id: ctx.actor.id, name: ctx.actor.name },
      version: { name: target.name, createdAt: target.createdAt.toISOString() },
      keptIn: restorePoint.id,
    }),
  );
  return { revision: restorePoint, documentId: doc.id, workspaceId: doc.workspaceId, restoredFrom: target.id };
}

/**
 * Turns the document's body Y.Text into `delta` with the smallest change found in bounded time
 * (shared/bounded-diff.ts: it runs inside the live document's transaction, on the server's only
 * thread), and returns that change.
 */
export function replaceBody(ydoc: Y.Doc, delta: StoredDelta): Delta {
  const body = ydoc.getText(BODY_YTEXT);
  const base = new Delta(body.toDelta());
  let target = new Delta(delta.ops as Delta["ops"]);
  // Quill's document always ends with "\n", which y-quill's Y.Text need not hold. Keep the
  // body's shape: leave a plain final newline out, or add one to the body when it has a format.
  const lastBase = base.ops.at(-1);
  const hasFinalNewline = typeof lastBase?.insert === "string" && lastBase.insert.endsWith("\n");
  if (!hasFinalNewline) {
    const lastTarget = target.ops.at(-1);
    if (lastTarget && typeof lastTarget.insert === "string" && lastTarget.insert.endsWith("\n") && !lastTarget.attributes) {
      target = target.slice(0, target.length() - 1);
    } else {
      body.insert(body.length, "\n");
      base.insert("\n");
    }
  }
  const change = diffDocuments(base, target);
  body.applyDelta(change.ops);
  return change;
}
