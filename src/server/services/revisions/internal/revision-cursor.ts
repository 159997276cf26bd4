import { AppError } from "@/server/errors";
import { isUuid, parseIsoMoment } from "@/shared/stored-values";

/** Where a page of the timeline ends: the last revision shown (newest first, by time then id). */
export interface RevisionCursor {
  createdAt: Date;
  id: string;
}

/** The opaque `nextCursor` for a page ending at `last`. */
export function encodeRevisionCursor(last: RevisionCursor): string {
  return Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString("base64url");
}

/** Reads a `cursor` parameter back. @throws AppError bad_request */
export function decodeRevisionCursor(cursor: string): RevisionCursor {
  const [at, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  // Exactly what encoding wrote: a moment PostgreSQL reads (not year 0 or +275760) and a UUID.
  const createdAt = parseIsoMoment(at ?? "");
  if (rest.length > 0 || !id || !isUuid(id) || !createdAt) {
    throw new AppError("bad_request", "This cursor is not valid: use the nextCursor of a previous page.", { cursor: "This cursor is not valid." });
  }
  return { createdAt, id };
}
