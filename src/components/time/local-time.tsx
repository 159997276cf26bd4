"use client";

import type { TimeStyle } from "@/shared/format-time";
import { formatTime } from "@/shared/format-time";
import { useTimeZone } from "./time-zone";

/**
 * A moment in the reader's time zone: the one way Quire shows times. Server-rendered in the
 * zone the browser reported (TimeZoneProvider) and hydrated without a mismatch; the tooltip
 * names the zone.
 */
export function LocalTime({ value, style = "dateTime", className }: { value: string | Date; style?: TimeStyle; className?: string }) {
  const zone = useTimeZone();
  const iso = typeof value === "string" ? value : value.toISOString();
  return (
    <time dateTime={iso} title={`${formatTime(iso, "dateTime", zone)} (${zone.replace(/_/g, " ")})`} className={className}>
      {formatTime(iso, style, zone)}
    </time>
  );
}
