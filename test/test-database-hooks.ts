import { afterAll, beforeAll } from "vitest";
import type { TestDatabase } from "./test-db";
import { createTestDatabase } from "./test-db";

/**
 * A fresh, migrated database for one test file: opened before its tests and destroyed after
 * them (PGlite in memory, or a new database on TEST_DATABASE_URL's server). Call it at the top
 * of the file; the object it returns reads the open database, so use it inside tests and hooks.
 */
export function withTestDatabase(): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    await current?.destroy();
  });
  // A stand-in until beforeAll has run: every property is read from the open database.
  return new Proxy({} as TestDatabase, {
    get(_target, key) {
      if (!current) throw new Error("withTestDatabase: the database opens in beforeAll; use it inside tests and hooks");
      const value: unknown = Reflect.get(current, key);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}
