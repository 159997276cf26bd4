import { AppError } from "@/server/errors";

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
  const createdAt = new Date(at ?? "");
  if (rest.length > 0 || !id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError("bad_request", INVALID, { cursor: "This cursor is not valid." });
  }
  return { createdAt, id };
}
