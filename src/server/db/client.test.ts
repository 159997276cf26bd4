import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";

// PGLITE_SHARED_BUFFERS reaches PostgreSQL (docs/configuration.md "Memory"): the page cache is
// the part of PGlite's WebAssembly memory that grows with the data and never shrinks.
describe("openDatabase (PGlite)", () => {
  it("starts PGlite with the shared_buffers it is given, and PostgreSQL's default without", async () => {
    const showSharedBuffers = async (sharedBuffers?: string) => {
      const handle = await openDatabase(sharedBuffers ? { sharedBuffers } : {});
      try {
        const result = await handle.db.execute(sql`show shared_buffers`);
        return (result as unknown as { rows: Array<{ shared_buffers: string }> }).rows[0]?.shared_buffers;
      } finally {
        await handle.close();
      }
    };
    expect(await showSharedBuffers("8MB")).toBe("8MB");
    expect(await showSharedBuffers()).toBe("128MB");
  }, 60_000);

  // Zero-filling each new WAL segment ran inside a COMMIT on the event loop (issue 13.6).
  it("creates WAL segments without zero-filling them, whatever else it is given", async () => {
    for (const options of [{}, { sharedBuffers: "8MB" }]) {
      const handle = await openDatabase(options);
      try {
        const result = await handle.db.execute(sql`show wal_init_zero`);
        expect((result as unknown as { rows: Array<{ wal_init_zero: string }> }).rows[0]?.wal_init_zero).toBe("off");
      } finally {
        await handle.close();
      }
    }
  }, 60_000);
});
