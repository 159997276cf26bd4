import crypto from "node:crypto";
import { adminQuery } from "@test/test-db";
import type { DbHandle } from "@/server/db/client";
import { openDatabase } from "@/server/db/client";
import { benchPostgres } from "./throwaway-postgres";

/**
 * Runs `run` on an empty database of the bench's `--target`: PGlite in memory for "pglite", else
 * a new database `<prefix>_<random hex>` on benchPostgres()'s server (DATABASE_URL, or a throwaway
 * PostgreSQL 15 stopped afterwards), dropped once `run` is done. `run` closes the handle.
 * @throws Error when the target is PostgreSQL and there is none to use
 */
export async function withBenchDatabase(target: string, prefix: string, run: (handle: DbHandle) => Promise<void>): Promise<void> {
  if (target === "pglite") return run(await openDatabase({}));
  const postgres = await benchPostgres();
  if (!postgres) throw new Error("no DATABASE_URL and no /usr/lib/postgresql/15/bin/initdb");
  const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  try {
    await adminQuery(postgres.url, `create database ${name}`);
    const url = new URL(postgres.url);
    url.pathname = `/${name}`;
    await run(await openDatabase({ url: url.toString() }));
    await adminQuery(postgres.url, `drop database if exists ${name} with (force)`);
  } finally {
    postgres.stop();
  }
}
