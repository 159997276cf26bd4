import { AppError } from "@/server/errors";

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
  const createdAt = new Date(at ?? "");
  if (rest.length > 0 || !id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError("bad_request", "This cursor is not valid: use the nextCursor of a previous page.", { cursor: "This cursor is not valid." });
  }
  return { createdAt, id };
}
