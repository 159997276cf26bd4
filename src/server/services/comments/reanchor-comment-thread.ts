import { eq } from "drizzle-orm";
import type { ReanchorCommentThreadInput } from "@/shared/schemas/comment";
import type { ServiceContext } from "@/server/context";
import { commentThreads } from "@/server/db/schema";
import { authorize, validationError } from "@/server/errors";
import { documentAbilities } from "@/server/policies/document-policy";
import { announceCommentsChanged } from "./internal/comment-broadcasts";
import { checkAnchor } from "./internal/comment-anchor";
import { findThreadForMember } from "./internal/find-thread";

/**
 * Moves a thread's anchor onto its words after an undo brought them back as new text (the
 * editor's LostAnchors finds them; the old relative positions point at the deleted characters).
 * Editors and up: it follows an edit of the text. The quote stays what was commented on.
 * @throws AppError not_found | forbidden | validation_failed (a thread on the whole document)
 */
export async function reanchorCommentThread(ctx: ServiceContext, input: ReanchorCommentThreadInput) {
  const thread = await findThreadForMember(ctx, input.threadId);
  authorize(documentAbilities(thread.doc).update, "Only those who can edit the document move a comment to its text.");
  if (thread.anchorStart === null) throw validationError({ anchor: "This thread is on the whole document." });
  const anchor = checkAnchor(input.anchor);
  await ctx.db.update(commentThreads).set({ anchorStart: anchor.start, anchorEnd: anchor.end }).where(eq(commentThreads.id, thread.id));
  announceCommentsChanged(thread.documentId);
  return { id: thread.id };
}
