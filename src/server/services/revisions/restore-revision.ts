import { eq } from "drizzle-orm";
import Delta from "quill-delta";
import type * as Y from "yjs";
import type { RestoreRevisionInput } from "@/shared/schemas/revision";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { liveDocuments } from "@/server/services/documents/internal/live-documents";
import type { ServiceContext } from "@/server/context";
import { documents } from "@/server/db/schema";
import type { StoredDelta } from "@/server/db/schema";
import { bodyDelta } from "@/server/body/derive-document";
import { deltaToPlainText } from "@/server/body/render-delta-html";
import { authorize } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import { reanchorAfterRestore } from "@/server/services/comments/internal/reanchor-after-restore";
import { insertRevision } from "@/server/services/revisions/internal/insert-revision";
import { findRevision } from "./read-revision";

/**
 * "Restore this version" (editors and up): records the current text and title as a `restore`
 * revision, then turns the live document's body into the revision's through the collaboration
 * server, as one Yjs change (the diff from the current body), so open editors update at once
 * and edits made meanwhile merge rather than vanish. The title comes back too. The restorer
 * is the change's writer and the document's updater.
 * @throws AppError not_found | forbidden
 */
export async function restoreRevision(ctx: ServiceContext, input: RestoreRevisionInput, now = new Date()) {
  const doc = await findDocumentForMember(ctx, input.documentId);
  authorize(documentAbilities(doc).restoreVersion, "Viewers and commenters can't restore versions.");
  const target = await findRevision(ctx, doc.id, input.revisionId);
  const restorePoint = await liveDocuments().open(ctx.db, { actor: ctx.actor, documentId: doc.id }, async (live) => {
    const delta = bodyDelta(live.doc);
    const saved = await insertRevision(ctx.db, {
      documentId: doc.id,
      kind: "restore",
      name: null,
      title: doc.title,
      delta,
      text: deltaToPlainText(delta),
      createdBy: ctx.actor.id,
      now,
    });
    // Computed inside the transaction, from the body as it is then: edits that arrived while the
    // revision was being saved are part of what is replaced, not lost to a stale diff.
    let change = new Delta();
    await live.transact((ydoc) => {
      change = replaceBody(ydoc, target.delta);
    });
    // Threads whose words the restore brought back: new Yjs items, which their anchors don't follow.
    await reanchorAfterRestore(ctx.db, doc.id, live.doc, live.doc.getText(BODY_YTEXT), change);
    return saved;
  });
  if (target.title !== doc.title) {
    await ctx.db.update(documents).set({ title: target.title, updatedBy: ctx.actor.id }).where(eq(documents.id, doc.id));
  }
  return { revision: restorePoint, documentId: doc.id, workspaceId: doc.workspaceId, restoredFrom: target.id };
}

/** Turns the document's body Y.Text into `delta` with the smallest change (Delta's diff), and returns that change. */
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
  const change = base.diff(target);
  body.applyDelta(change.ops);
  return change;
}
