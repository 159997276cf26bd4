import { eq, sql } from "drizzle-orm";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { sessions, users } from "@/server/db/schema";

/** PGlite's cost of one statement, measured in this process on a fresh in-memory database. */
export interface QueryCost {
  /** `select 1`: the round itself (Drizzle, the PGlite protocol, the WASM call). */
  trivialUs: number;
  /** The session lookup every signed-in page starts with: one indexed row. */
  indexedLookupUs: number;
}

/**
 * Median µs per statement over `rounds` sequential statements of each kind, after a warm-up.
 * PGlite runs one statement at a time, so a page pays its statements one after another.
 */
export async function measurePgliteQueryCost(rounds: number): Promise<QueryCost> {
  const handle = await openDatabase({});
  try {
    await migrateDatabase(handle);
    const { db } = handle;
    await db.insert(users).values({ id: "u1", name: "Bench", email: "bench@example.com" });
    await db.insert(sessions).values({ id: "s1", token: "t1", userId: "u1", expiresAt: new Date(Date.now() + 86_400_000) });
    const trivial = await medianUs(rounds, () => db.execute(sql`select 1`));
    const lookup = await medianUs(rounds, () => db.select().from(sessions).where(eq(sessions.token, "t1")).limit(1));
    return { trivialUs: trivial, indexedLookupUs: lookup };
  } finally {
    await handle.close();
  }
}

async function medianUs(rounds: number, run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(200, rounds); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    times.push((performance.now() - started) * 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}
