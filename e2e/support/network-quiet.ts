import type { Page, Request } from "playwright-core";

const QUIET_MS = 500;

/**
 * Watches a page's requests from now on. `quiet()` waits until none has been in flight for 500 ms,
 * like Playwright's "networkidle", but gives up after `timeoutMs` and returns the addresses still
 * pending instead of throwing: a check that only needs the page at rest (axe) goes on and says
 * what kept it busy. (Once, on CI, the published page never reached "networkidle" in 60 s, and
 * the timeout named nothing.)
 */
export function watchRequests(page: Page): { quiet: (timeoutMs: number) => Promise<string[]> } {
  const pending = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    // As Playwright's own idle: an event stream stays open for the page's life.
    if (request.resourceType() === "eventsource") return;
    pending.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    pending.delete(request);
    lastChange = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    async quiet(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (pending.size === 0 && Date.now() - lastChange >= QUIET_MS) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      page.off("request", started);
      page.off("requestfinished", ended);
      page.off("requestfailed", ended);
      return [...pending].map((request) => `${request.method()} ${request.url()} (${request.resourceType()})`);
    },
  };
}
