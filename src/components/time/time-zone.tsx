"use client";

import type { ReactNode } from "react";
import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
import { TIME_ZONE_COOKIE } from "@/shared/format-time";

const ServerTimeZone = createContext("UTC");

/**
 * Gives every LocalTime the zone the server rendered with (the reader's, from the
 * TIME_ZONE_COOKIE the browser set on an earlier visit; UTC on the first one), and keeps that
 * cookie in step with the browser's zone, so the next page renders in it straight away.
 */
export function TimeZoneProvider({ serverZone, children }: { serverZone: string; children: ReactNode }) {
  useEffect(() => {
    const zone = browserTimeZone();
    if (zone !== serverZone) document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  }, [serverZone]);
  return <ServerTimeZone.Provider value={serverZone}>{children}</ServerTimeZone.Provider>;
}

/**
 * The zone to show times in: while hydrating, the one the server rendered with (so the text
 * matches and React reports no mismatch); then the browser's own, re-rendering once if they
 * differ (only on a first visit, before the cookie exists).
 */
export function useTimeZone(): string {
  const serverZone = useContext(ServerTimeZone);
  return useSyncExternalStore(subscribeNever, browserTimeZone, () => serverZone);
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

// The zone of a page does not change while it is open.
function subscribeNever(): () => void {
  return () => {};
}
