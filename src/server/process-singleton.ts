// server.ts and the route bundles Next builds each load their own copy of our modules
// into one process. State that must exist once per process (the database, the auth
// instance and its rate-limit counters) is therefore kept on globalThis by key.
const registry = globalThis as typeof globalThis & { __quire?: Map<string, unknown> };

/** Returns the process-wide value for `key`, creating it on first use. */
export function processSingleton<T>(key: string, create: () => T): T {
  registry.__quire ??= new Map();
  if (!registry.__quire.has(key)) registry.__quire.set(key, create());
  return registry.__quire.get(key) as T; // set above under the same key by the same caller
}

/** The process-wide value for `key`, if one was created. */
export function peekProcessSingleton<T>(key: string): T | undefined {
  return registry.__quire?.get(key) as T | undefined; // stored by processSingleton<T> under this key
}

/** Forgets the process-wide value for `key` (after closing it). */
export function clearProcessSingleton(key: string): void {
  registry.__quire?.delete(key);
}

/** Forgets every process-wide value (tests: a test file starts from a new process's state). */
export function clearAllProcessSingletons(): void {
  registry.__quire?.clear();
}
