import { AppError } from "@/server/errors";

/** Where a page of the audit log ends: its last event (newest first, by time then id). */
export interface AuditCursor {
  createdAt: Date;
  id: string;
}

const INVALID = "This cursor is not valid: use the nextCursor of a previous page.";

/** The opaque `nextCursor` for a page ending at `last`. */
export function encodeAuditCursor(last: AuditCursor): string {
  return Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString("base64url");
}

/** Reads a `cursor` parameter back. @throws AppError bad_request */
export function decodeAuditCursor(cursor: string): AuditCursor {
  const [at, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (rest.length > 0 || !id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError("bad_request", INVALID, { cursor: "This cursor is not valid." });
  }
  return { createdAt, id };
}
