import { COMMENTS_CHANGED_MESSAGE } from "@/shared/comments/comment-rules";
import { broadcastToEditors } from "@/server/services/documents/internal/editor-broadcasts";

/** Tells the document's open editors to re-read its comments. Never throws: a lost nudge only delays an update. */
export function announceCommentsChanged(documentId: string): void {
  broadcastToEditors(documentId, COMMENTS_CHANGED_MESSAGE);
}
