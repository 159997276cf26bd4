import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import type { DbHandle } from "@/server/db/client";
import { openDatabase } from "@/server/db/client";

/** A fresh, migrated database for one test file, and how to throw it away. */
export interface TestDatabase extends DbHandle {
  destroy(): Promise<void>;
}

/**
 * PGlite cloned from the migrated template, or — when TEST_DATABASE_URL is set — a new
 * database on that PostgreSQL server copied from the migrated template database.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = fs.readFileSync(inject("pgliteTemplate"));
    const handle = await openDatabase({ loadDataDir: new Blob([template]) });
    return { ...handle, destroy: () => handle.close() };
  }
  const name = `quire_test_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name} template ${inject("postgresTemplate")}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Runs one statement (CREATE/DROP DATABASE) on the PostgreSQL server at `serverUrl`. */
export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
