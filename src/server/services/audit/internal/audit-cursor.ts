import { AppError } from "@/server/errors";
import { isUuid, parseIsoMoment } from "@/shared/stored-values";

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
  // Exactly what encoding wrote: a moment PostgreSQL reads (not year 0 or +275760) and a UUID.
  const createdAt = parseIsoMoment(at ?? "");
  if (rest.length > 0 || !id || !isUuid(id) || !createdAt) {
    throw new AppError("bad_request", INVALID, { cursor: "This cursor is not valid." });
  }
  return { createdAt, id };
}
