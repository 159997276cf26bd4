import fs from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import type { OpenDatabaseOptions } from "./client";
import { openDatabase } from "./client";

/**
 * The settings PostgreSQL runs with when PGlite is opened with `options`, on a copy of the test
 * suite's migrated template (test/global-setup.ts): creating a database from nothing took most
 * of this file's minute on a slow machine, and the settings come from the start-up options alone.
 */
async function settingsWith(options: Pick<OpenDatabaseOptions, "sharedBuffers">): Promise<Record<string, string>> {
  const handle = await openDatabase({ ...options, loadDataDir: new Blob([fs.readFileSync(inject("pgliteTemplate"))]) });
  try {
    const names = ["shared_buffers", "wal_init_zero"];
    const result = await handle.db.execute(sql`select name, current_setting(name) as value from unnest(${`{${names.join(",")}}`}::text[]) as name`);
    return Object.fromEntries((result as unknown as { rows: Array<{ name: string; value: string }> }).rows.map((row) => [row.name, row.value]));
  } finally {
    await handle.close();
  }
}

describe("openDatabase (PGlite)", () => {
  // PGLITE_SHARED_BUFFERS reaches PostgreSQL (docs/configuration.md "Memory"): the page cache is
  // the part of PGlite's WebAssembly memory that grows with the data and never shrinks.
  // Zero-filling each new WAL segment ran inside a COMMIT on the event loop (issue 13.6): it is off
  // whatever else is given.
  it("starts PGlite with the shared_buffers it is given, PostgreSQL's default without, and WAL segments never zero-filled", async () => {
    expect(await settingsWith({ sharedBuffers: "8MB" })).toEqual({ shared_buffers: "8MB", wal_init_zero: "off" });
    expect(await settingsWith({})).toEqual({ shared_buffers: "128MB", wal_init_zero: "off" });
  });
});
