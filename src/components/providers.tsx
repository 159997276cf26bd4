"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { useEffect, useState } from "react";
import { shouldRetry } from "@/lib/fetch-json";
import { registerOfflineWorker } from "@/editor/connection/offline-pages";
import { TimeZoneProvider } from "./time/time-zone";

/**
 * App-wide client state: the theme (follows the system by default), the data-fetch cache and
 * the offline worker, the reader's time zone. `nonce` is the page's CSP nonce, for next-themes'
 * inline script that sets the theme before paint; `timeZone` the zone the server renders times in.
 */
export function Providers({ children, nonce, timeZone }: { children: ReactNode; nonce?: string; timeZone: string }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, staleTime: 30_000 } } }),
  );
  useEffect(registerOfflineWorker, []);
  return (
    <ThemeProvider nonce={nonce} attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={queryClient}>
        <TimeZoneProvider serverZone={timeZone}>{children}</TimeZoneProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
