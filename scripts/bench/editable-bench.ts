import type { Browser, BrowserContext, Cookie } from "playwright-core";
import { newContext } from "../../e2e/support/browser";
import type { LoadProbe } from "./page-probes";
import { LOAD_PROBE, READ_LOAD_PROBE } from "./page-probes";

/** How the browser's HTTP cache stands when a run starts. */
export type CacheState = "cold" | "warm";

/** Medians over the runs, in ms since navigation start. */
export interface EditableResult {
  cache: CacheState;
  runs: LoadProbe[];
  medianEditableMs: number;
  minEditableMs: number;
  maxEditableMs: number;
  median: (pick: (run: LoadProbe) => number | null) => number | null;
}

// A guard against a hang, not a target: before the editor loaded long lines blot by blot, a
// paragraph of 4,000 bold words took 12–57 s to become editable on a busy 2-core machine.
const RUN_TIMEOUT_MS = 120_000;

/**
 * Opens `path` `runs` times in headless Chromium and times navigation start → the editor
 * being editable. Cold: a new context (empty HTTP and code caches) per run, signed in with
 * `cookies`. Warm: one context, after one discarded load.
 * @throws Error when the editor is not editable within 120 s
 */
export async function benchEditable(browser: Browser, baseUrl: string, cookies: Cookie[], path: string, runs: number, cache: CacheState): Promise<EditableResult> {
  const probes: LoadProbe[] = [];
  const shared = cache === "warm" ? await signedInContext(browser, baseUrl, cookies) : null;
  try {
    if (shared) await loadOnce(shared, path);
    for (let i = 0; i < runs; i++) {
      const context = shared ?? (await signedInContext(browser, baseUrl, cookies));
      try {
        probes.push(await loadOnce(context, path));
      } finally {
        if (!shared) await context.close();
      }
    }
  } finally {
    await shared?.close();
  }
  const median = (pick: (run: LoadProbe) => number | null) => medianOf(probes.map(pick).filter((v): v is number => v !== null));
  const editable = probes.map((run) => run.editableAt ?? Number.NaN);
  return {
    cache,
    runs: probes,
    medianEditableMs: medianOf(editable) ?? Number.NaN,
    minEditableMs: Math.min(...editable),
    maxEditableMs: Math.max(...editable),
    median,
  };
}

/** The middle value (mean of the two middle ones for an even count), or null for none. */
export function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function signedInContext(browser: Browser, baseUrl: string, cookies: Cookie[]): Promise<BrowserContext> {
  const context = await newContext(browser, baseUrl);
  await context.addCookies(cookies);
  await context.addInitScript({ content: LOAD_PROBE });
  return context;
}

async function loadOnce(context: BrowserContext, path: string): Promise<LoadProbe> {
  const page = await context.newPage();
  try {
    await page.goto(path, { waitUntil: "commit", timeout: RUN_TIMEOUT_MS });
    // Polled from Node: page.waitForFunction compiles a string predicate with `new Function` in
    // the page, which the app's CSP (no 'unsafe-eval') refuses. page.evaluate of an expression
    // goes through the DevTools protocol, which the CSP does not govern.
    const deadline = performance.now() + RUN_TIMEOUT_MS;
    for (;;) {
      const probe = (await page.evaluate(READ_LOAD_PROBE)) as LoadProbe | null; // the probe's documented shape
      if (probe) return probe;
      if (performance.now() > deadline) throw new Error(`the editor was not editable within ${RUN_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await page.close();
  }
}
