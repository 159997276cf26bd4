// `MALLOC_ARENA_MAX=2 node --expose-gc --import tsx scripts/bench/database-creation-probe.ts inline|worker|child`:
// what creating and migrating a new PGlite database leaves in a process that then stays alive
// (docs/performance-notes.md "Memory"), run in this process, on a worker thread, or in a child
// process (as a first start does, db/migrate-apart.ts). The worker and the child run the
// compiled .next/quire/migrate-child-entry.mjs (`npm run build`). Prints RSS split by mapping
// after two full GCs and 3 s.
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { describeSmaps, smapsBreakdown } from "./proc-smaps";

const mode = process.argv[2];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-where-"));
const entry = path.resolve(".next/quire/migrate-child-entry.mjs");
const before = describeSmaps(smapsBreakdown(process.pid));
if (mode === "inline") {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // The migrations create the unaccent extension (as db/client.ts opens PGlite).
  const client = new PGlite({ dataDir: path.join(dir, "db"), extensions: { unaccent } });
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder: "drizzle" });
  await client.close();
} else if (mode === "worker") {
  const worker = new Worker(entry, { argv: [path.join(dir, "db"), "drizzle"] });
  await new Promise((resolve) => worker.on("exit", resolve));
} else {
  const child = fork(entry, [path.join(dir, "db"), "drizzle"], { execArgv: [] });
  child.on("message", () => child.disconnect()); // "done": it waits for that before exiting
  await new Promise((resolve) => child.on("exit", resolve));
}
for (let i = 0; i < 2; i++) (globalThis as { gc?: () => void }).gc?.();
await new Promise((resolve) => setTimeout(resolve, 3000));
for (let i = 0; i < 2; i++) (globalThis as { gc?: () => void }).gc?.();
const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
console.log(`${mode}: RSS ${rss} MiB; before: ${before}; after: ${describeSmaps(smapsBreakdown(process.pid))}; db ok ${fs.existsSync(path.join(dir, "db", "PG_VERSION"))}`);
fs.rmSync(dir, { recursive: true, force: true });
