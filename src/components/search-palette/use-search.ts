"use client";

import { useEffect, useState } from "react";
import { FetchError, fetchJson } from "@/lib/fetch-json";
import type { SearchResultDto } from "@/shared/dto";
import { MAX_QUERY_CHARS, QUERY_TOO_LONG } from "@/shared/schemas/search";

export type SearchState =
  | { status: "idle" }
  | { status: "loading"; results: SearchResultDto[] }
  | { status: "done"; results: SearchResultDto[]; hasMore: boolean }
  | { status: "error"; message: string };

type Answer = { query: string; session: number } & ({ ok: true; results: SearchResultDto[]; hasMore: boolean } | { ok: false; message: string });

const DEBOUNCE_MS = 150;

/**
 * Searches as the query changes: waits DEBOUNCE_MS after the last keystroke and aborts the
 * request of an older query, so a slow answer never replaces a newer one; the previous results
 * stay on screen while the next ones load. Blank queries are idle. An answer counts only for the
 * `session` it was asked in: reopening the palette and typing the same words searches again.
 */
export function useSearch(workspaceId: string, query: string, limit: number, session = 0): SearchState {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const text = query.trim();
  const isTooLong = query.length > MAX_QUERY_CHARS;
  useEffect(() => {
    if (!text || isTooLong) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ workspace: workspaceId, q: query, limit: String(limit) });
      fetchJson<{ data: SearchResultDto[]; nextCursor: string | null }>(`/api/v1/search?${params}`, { signal: controller.signal })
        .then((page) => setAnswer({ query, session, ok: true, results: page.data, hasMore: page.nextCursor !== null }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return; // a newer query took over
          setAnswer({ query, session, ok: false, message: error instanceof FetchError ? error.message : "Search failed. Try again." });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [workspaceId, query, text, isTooLong, limit, session]);

  if (!text) return { status: "idle" };
  if (isTooLong) return { status: "error", message: QUERY_TOO_LONG };
  if (answer?.query === query && answer.session === session) return answer.ok ? { status: "done", results: answer.results, hasMore: answer.hasMore } : { status: "error", message: answer.message };
  return { status: "loading", results: answer?.ok ? answer.results : [] };
}
