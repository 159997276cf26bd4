import type { ApiErrorBody } from "@/shared/api-error";

/** The framework rule (docs/product.md "Editor rules"): client data fetches retry up to 3 times on a server error. */
export const MAX_RETRIES = 3;

/** A failed API call, carrying the status and the server's message. */
export class FetchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "FetchError";
  }
}

/** GETs JSON from our API. @throws FetchError with the server's message on a non-2xx answer */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: "application/json", ...init?.headers } });
  } catch {
    // fetch rejects only when there is no answer at all (offline, server down): treat as a 503.
    throw new FetchError(503, "Can't reach Quire. Check your connection.");
  }
  if (response.ok) return (await response.json()) as T; // our API's documented shape
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  throw new FetchError(response.status, body?.error?.message ?? `The server answered ${response.status}.`);
}

/** TanStack Query's retry rule: retry 5xx (and no answer) up to MAX_RETRIES times, never 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof FetchError && error.status >= 500 && failureCount < MAX_RETRIES;
}
