/** What PostgreSQL's columns take from a request, checked before a query would refuse it with a data exception. */

/**
 * The moments a `timestamptz` column takes from JavaScript: PostgreSQL reads the ISO string a Date
 * is sent as, and refuses year 0 ("0000-…") and the six-digit years toISOString writes past 9999
 * ("+010000-…"), answering a data exception. Every date that reaches a query from a request (a
 * filter, a cursor, an archive's timestamps) is checked against these first (docs/product.md "Validation").
 */
export const FIRST_STORED_MOMENT = Date.parse("0001-01-01T00:00:00.000Z");
export const LAST_STORED_MOMENT = Date.parse("9999-12-31T23:59:59.999Z");

/** Whether `ms` (milliseconds since the epoch) is a moment a timestamptz column takes. */
export function isStoredMoment(ms: number): boolean {
  return ms >= FIRST_STORED_MOMENT && ms <= LAST_STORED_MOMENT;
}

/**
 * `ms` moved into the stored range: for a filter ("at or after", "before") that is the same
 * question, since no row lies outside it.
 */
export function clampToStoredMoments(ms: number): number {
  return Math.min(Math.max(ms, FIRST_STORED_MOMENT), LAST_STORED_MOMENT);
}

/**
 * The moment of an ISO string exactly as `Date.prototype.toISOString` writes it in the stored
 * range (`2026-11-25T14:30:00.000Z`, what page cursors carry), or null for anything else.
 */
export function parseIsoMoment(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(text)) return null;
  const moment = new Date(text);
  return isStoredMoment(moment.getTime()) && moment.toISOString() === text ? moment : null;
}

/** Whether `text` is a UUID as PostgreSQL's uuid type reads it in hyphenated form. */
export function isUuid(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
}
