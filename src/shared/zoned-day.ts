/**
 * The moment a calendar day (YYYY-MM-DD) starts in `timeZone`, as an ISO string: a date
 * filter means the reader's day, not UTC's. DST-safe: the zone's offset is read at that moment
 * (twice, since the first guess may sit on the other side of a change).
 */
export function zonedDayStart(day: string, timeZone: string): string {
  const utcGuess = Date.parse(`${day}T00:00:00Z`);
  let moment = utcGuess - offsetAt(utcGuess, timeZone);
  moment = utcGuess - offsetAt(moment, timeZone);
  return new Date(moment).toISOString();
}

/** The day after `day` (YYYY-MM-DD; after 9999-12-31 in ISO's expanded form, +010000-01-01). */
export function nextDay(day: string): string {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
  return next.slice(0, next.indexOf("T"));
}

/** Milliseconds `timeZone` is ahead of UTC at `moment`. */
function offsetAt(moment: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(moment));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return asUtc - Math.floor(moment / 1000) * 1000;
}
