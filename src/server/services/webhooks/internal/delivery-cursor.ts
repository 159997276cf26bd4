import { AppError } from "@/server/errors";
import { isUuid, parseIsoMoment } from "@/shared/stored-values";

/** Where a page of deliveries ends: its last row (newest first, by time then id). */
export interface DeliveryCursor {
  createdAt: Date;
  id: string;
}

const INVALID = "This cursor is not valid: use the nextCursor of a previous page.";

export function encodeDeliveryCursor(last: DeliveryCursor): string {
  return Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString("base64url");
}

/** @throws AppError bad_request */
export function decodeDeliveryCursor(cursor: string): DeliveryCursor {
  const [at, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  // Exactly what encoding wrote: a moment PostgreSQL reads (not year 0 or +275760) and a UUID.
  const createdAt = parseIsoMoment(at ?? "");
  if (rest.length > 0 || !id || !isUuid(id) || !createdAt) {
    throw new AppError("bad_request", INVALID, { cursor: "This cursor is not valid." });
  }
  return { createdAt, id };
}
