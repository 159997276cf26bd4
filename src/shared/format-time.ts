/** How a moment is shown: a day ("Nov 24, 2026") or a day and time ("Nov 24, 2026, 3:05 PM"). */
export type TimeStyle = "date" | "dateTime";

/** The cookie in which the browser tells the server its time zone, so pages render in it. */
export const TIME_ZONE_COOKIE = "quire-tz";

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `iso` in `timeZone` (an IANA name), in one English format used everywhere. The same inputs
 * give the same text on the server and in the browser, which is what keeps hydration clean.
 */
export function formatTime(iso: string, style: TimeStyle, timeZone: string): string {
  const key = `${style}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en", style === "date" ? { dateStyle: "medium", timeZone } : { dateStyle: "medium", timeStyle: "short", timeZone });
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** `value` when it names a time zone this runtime knows, else null (a cookie is client input). */
export function knownTimeZone(value: string | undefined | null): string | null {
  if (!value || value.length > 64) return null;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return value;
  } catch {
    return null;
  }
}
