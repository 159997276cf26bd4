import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { isSharedApp, isSharedBrowser, sharedAppAndBrowser } from "./shared-app";
import type { RunningApp } from "./start-app";
import { stopApp } from "./start-app";

/**
 * A server and a browser for one test file: its worker's shared ones (shared-app.ts), which any
 * file that only signs people up and uses the app can share. A file that stops, restarts or
 * configures its server starts its own: `Promise.all([startApp(options), launchBrowser()])`.
 */
export function startAppAndBrowser(): Promise<[RunningApp, Browser]> {
  return sharedAppAndBrowser();
}

/**
 * What a file started is closed: its own browser and server (whose data directory is removed),
 * or, of the shared ones, the browser contexts the file opened.
 */
export async function stopAppAndBrowser(app: RunningApp | undefined, browser: Browser | undefined): Promise<void> {
  if (browser && (await isSharedBrowser(browser))) await Promise.all(browser.contexts().map((context) => context.close()));
  else await browser?.close();
  if (app && !isSharedApp(app)) await stopApp(app);
}

/**
 * The usual fixture of an end-to-end file: a server and browser (startAppAndBrowser) set up
 * before its tests and closed after them. Call it at the top of the file; `app` and `browser`
 * read the running ones, so use them inside tests and hooks.
 */
export function withAppAndBrowser(): { app: RunningApp; browser: Browser } {
  let started: { app: RunningApp; browser: Browser } | undefined;
  beforeAll(async () => {
    const [app, browser] = await startAppAndBrowser();
    started = { app, browser };
  });
  afterAll(() => stopAppAndBrowser(started?.app, started?.browser));
  return { app: lateBound(() => started?.app), browser: lateBound(() => started?.browser) };
}

// A stand-in whose every property is read from the object once it exists (methods bound to it).
export function lateBound<T extends object>(current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const target = current();
      if (!target) throw new Error("The app and browser start in beforeAll; use them inside tests and hooks");
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
