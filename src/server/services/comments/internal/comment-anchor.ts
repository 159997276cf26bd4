import * as Y from "yjs";
import { keptQuote } from "@/shared/comments/comment-quote";
import { validationError } from "@/server/errors";

/**
 * Checks that both ends of an anchor decode as Yjs relative positions (the editor makes them with
 * Y.createRelativePositionFromTypeIndex on the body's Y.Text), so no row holds what no editor can read.
 * @throws AppError validation_failed
 */
export function checkAnchor(anchor: { start: string; end: string }): { start: string; end: string } {
  for (const encoded of [anchor.start, anchor.end]) {
    try {
      Y.decodeRelativePosition(Buffer.from(encoded, "base64"));
    } catch {
      throw validationError({ anchor: "This is not a position in the document." });
    }
  }
  return anchor;
}

/** The quote kept with a thread: one line of the words commented on, at most MAX_COMMENT_QUOTE_CHARS. */
export function cleanQuote(quote: string | undefined): string {
  return keptQuote(quote ?? "");
}
