import { and, eq, isNotNull } from "drizzle-orm";
import type * as Y from "yjs";
import type { EncodedAnchor } from "@/shared/comments/anchors";
import { deletedTextPlace, encodeAnchor } from "@/shared/comments/anchors";
import { findWordsBack, insertedRanges, quotableText } from "@/shared/comments/words-back";
import type { Db } from "@/server/db/client";
import { commentThreads } from "@/server/db/schema";
import { announceCommentsChanged } from "./comment-broadcasts";

/** A thread as re-anchoring needs it. */
export interface AnchoredThreadRow {
  id: string;
  anchorStart: string;
  anchorEnd: string;
  quote: string;
}

/**
 * After "Restore this version" changed the body by `restoreChange` (in the new body's indexes),
 * the threads on deleted text whose words came back with it, each with an anchor on them
 * (shared/comments/words-back.ts). The others are left as they were.
 */
export function anchorsBroughtBack(doc: Y.Doc, body: Y.Text, threads: readonly AnchoredThreadRow[], restoreChange: { ops: ReadonlyArray<{ insert?: unknown; retain?: unknown }> }): Array<{ id: string; anchor: EncodedAnchor }> {
  const inserted = insertedRanges(restoreChange);
  if (inserted.length === 0) return [];
  let text: ReturnType<typeof quotableText> | null = null;
  const found: Array<{ id: string; anchor: EncodedAnchor }> = [];
  for (const thread of threads) {
    const place = deletedTextPlace(doc, body, { start: thread.anchorStart, end: thread.anchorEnd });
    if (place === null) continue; // its text is there
    text ??= quotableText(body);
    const range = findWordsBack(text, thread.quote, inserted, place);
    if (range) found.push({ id: thread.id, anchor: encodeAnchor(body, range) });
  }
  return found;
}

/** Anchors the threads of `documentId` that the restore's change brought back (anchorsBroughtBack) and tells open editors. */
export async function reanchorAfterRestore(db: Db, documentId: string, doc: Y.Doc, body: Y.Text, restoreChange: { ops: ReadonlyArray<{ insert?: unknown; retain?: unknown }> }): Promise<number> {
  const threads = await db
    .select({ id: commentThreads.id, anchorStart: commentThreads.anchorStart, anchorEnd: commentThreads.anchorEnd, quote: commentThreads.quote })
    .from(commentThreads)
    .where(and(eq(commentThreads.documentId, documentId), isNotNull(commentThreads.anchorStart), isNotNull(commentThreads.anchorEnd)));
  const anchored = threads.flatMap((t) => (t.anchorStart && t.anchorEnd ? [{ ...t, anchorStart: t.anchorStart, anchorEnd: t.anchorEnd }] : []));
  const found = anchorsBroughtBack(doc, body, anchored, restoreChange);
  for (const { id, anchor } of found) {
    await db.update(commentThreads).set({ anchorStart: anchor.start, anchorEnd: anchor.end }).where(eq(commentThreads.id, id));
  }
  if (found.length > 0) announceCommentsChanged(documentId);
  return found.length;
}
