import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { RunningApp } from "./start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "./start-app";

/**
 * The usual fixture of an end-to-end file: its own server (a fresh data directory) and browser,
 * started before its tests and stopped after them. Call it at the top of the file; `app` and
 * `browser` read the running ones, so use them inside tests and hooks.
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
function lateBound<T extends object>(current: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const target = current();
      if (!target) throw new Error("withAppAndBrowser: the app and browser start in beforeAll; use them inside tests and hooks");
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
